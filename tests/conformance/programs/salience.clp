;;; Saliences from high to low, one assertion activating rules of each.
(deffacts start (item 1) (item 2))
(defrule high (declare (salience 10)) (item ?x) => (assert (seen high ?x)))
(defrule middle (item ?x) => (assert (seen middle ?x)))
(defrule low (declare (salience -10)) (item ?x) => (assert (seen low ?x)))
(defrule more (declare (salience 5)) (seen high ?x) (not (item 3)) => (assert (item 3)))
