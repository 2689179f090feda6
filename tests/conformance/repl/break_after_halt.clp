;;; CLIPS looks for a breakpoint on the next rule after every firing, one that called
;;; (halt) too (our engine did not: "Breaking on rule watcher." was missing).
(defglobal ?*limit* = 2)
(deffacts d (tick 0))
(defrule tick ?t <- (tick ?n&:(< ?n 10)) =>
  (retract ?t)
  (assert (tick (+ ?n 1)))
  (printout t "tick " ?n)
  (if (>= ?n ?*limit*) then (printout t " halting" crlf) (halt) else (printout t crlf)))
(defrule watcher (declare (salience 10)) (tick ?n&:(= (mod ?n 3) 0)) =>
  (printout t "multiple of 3: " ?n crlf))
