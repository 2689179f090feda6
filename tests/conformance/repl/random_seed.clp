;;; A (seed N) typed before (reset) decides the random strategy's agenda the reset
;;; makes, as every activation draws a number (CLIPS's AddActivation): the shell's
;;; reset seeded the new session only after its reset (a teacher's finding).
(deffacts d (x 1) (x 2) (x 3) (x 4) (x 5) (y a) (y b))
(defrule r (x ?n) (y ?m) => (printout t ?n ?m crlf))
(defrule last (declare (salience -1)) => (printout t "done" crlf))
