;; The focus stack's questions, get-strategy, sort, fact-relation and fact-slot-names,
;; on CLIPS and on our engine (tests/engines/test_clp_on_ours.py).
(defmodule MAIN (export ?ALL))
(deftemplate item (slot n) (slot w))
(defmodule A (import MAIN ?ALL))
(defmodule B (import MAIN ?ALL))
(deffacts MAIN::start (item (n c) (w 3)) (item (n a) (w 1)) (item (n b) (w 2)) (go))
(defrule MAIN::begin
   ?g <- (go)
   =>
   (retract ?g)
   (printout t (get-focus) " " (get-strategy) crlf)
   (focus A B)
   (printout t (get-focus) crlf))
(defrule A::in-a
   =>
   (printout t "in A, focus " (get-focus) crlf)
   (printout t "popped " (pop-focus) " now " (get-focus) crlf))
(defrule B::in-b
   =>
   (printout t "in B " (get-focus) crlf)
   (printout t (fact-relation 1) " " (fact-slot-names 1) " "
               (fact-relation (assert (item (n d) (w 4)))) " " (fact-slot-names 5) crlf)
   (printout t (sort > 5 3 9 1) " " (sort str-compare (create$ pear apple fig)) crlf)
   (printout t (sort > 2 1 2.0 1.0) " " (sort >= 2 1 2.0 1.0) crlf))
(defrule MAIN::last
   (declare (salience -10))
   =>
   (printout t "back in " (get-focus) ", popped " (pop-focus) ", now " (get-focus) crlf))
