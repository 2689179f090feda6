;;;; The contract rule set, CLIPS side (the experta side is in contract_rules.py).
(deffacts numbers (number 1) (number 2) (number 3))

(defrule double
   (GO)
   (number ?n)
   =>
   (assert (double ?n (* 2 ?n))))

(defrule sum_pair
   (declare (salience 10))
   (GO)
   (double ?a ?x)
   (double ?b&:(> ?b ?a) ?y)
   =>
   (assert (pairsum (+ ?x ?y))))
