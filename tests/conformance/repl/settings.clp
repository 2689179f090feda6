;;; How the engine runs: salience evaluated when defined, when activated or every
;;; cycle; the agenda refreshed; equal facts asserted twice; logical support shown.
(defglobal ?*boost* = 10)
(deffacts start (task a) (task b) (urgent))
(defrule plain (task ?t) => (printout t "plain " ?t crlf))
(defrule boosted (declare (salience ?*boost*)) (task ?t)
   => (printout t "boosted " ?t crlf) (bind ?*boost* (- ?*boost* 15)))
(defrule follow (declare (salience (+ ?*boost* 1))) (urgent) (task ?t)
   => (printout t "follow " ?t crlf))
(defrule hold (logical (task ?t) (not (done ?t))) => (assert (busy ?t)) (assert (busy ?t)))
(defrule hold-any (logical (urgent)) => (assert (busy a)))
