;;; Tests on values: test CEs and predicate constraints.
(deffacts scores (score ann 72) (score bob 55) (score cid 91) (score dee 64))
(defrule pass_
   (score ?n ?s&:(>= ?s 60))
   =>
   (assert (passed ?n)))
(defrule better
   (score ?a ?x)
   (score ?b ?y)
   (test (> ?x (+ ?y 20)))
   =>
   (assert (much-better ?a ?b)))
