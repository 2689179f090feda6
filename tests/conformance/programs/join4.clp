;;; A four-pattern join with a test on values.
(deffacts nums (n 1) (n 2) (n 3) (n 4))
(defrule four
   (n ?a)
   (n ?b&:(> ?b ?a))
   (n ?c&:(> ?c ?b))
   (n ?d&:(> ?d ?c))
   =>
   (assert (run ?a ?b ?c ?d)))
(defrule pair
   (n ?a)
   (n ?b&:(= ?b (+ ?a 1)))
   =>
   (assert (next ?a ?b)))
