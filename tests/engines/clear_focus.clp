;; clear-focus-stack in a rule: the run goes on with MAIN (A's other rule waits);
;; get-current-module is the firing rule's module; seed, time (tests/engines/test_clp_on_ours.py).
(defmodule MAIN (export ?ALL))
(defmodule A (import MAIN ?ALL))
(deffacts MAIN::start (go))
(defrule MAIN::begin
   ?g <- (go)
   =>
   (retract ?g)
   (printout t "cur " (get-current-module) " " (floatp (time)) crlf)
   (seed 7)
   (bind ?first (random))
   (seed 7)
   (printout t (= ?first (random)) crlf)
   (focus A))
(defrule A::in-a
   =>
   (printout t "in A cur " (get-current-module) " focus " (get-focus) crlf)
   (clear-focus-stack)
   (printout t "cleared " (get-focus) crlf))
(defrule A::in-a2 (declare (salience -1)) => (printout t "a2" crlf))
(defrule MAIN::last (declare (salience -10)) => (printout t "last cur " (get-current-module) crlf))
