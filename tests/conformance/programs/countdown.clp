;;; A counter modified down to zero; each step asserts a tick, the next retracts it.
(deftemplate counter (slot value))
(deffacts start (counter (value 3)) (go))
(defrule count_down
   ?c <- (counter (value ?v&:(> ?v 0)))
   (go)
   =>
   (modify ?c (value (- ?v 1)))
   (assert (tick ?v)))
(defrule clear_tick
   ?t <- (tick ?v)
   (counter (value ?w&:(< ?w ?v)))
   =>
   (retract ?t)
   (assert (done ?v)))
(defrule finished
   (declare (salience -1))
   (counter (value 0))
   =>
   (assert (over)))
