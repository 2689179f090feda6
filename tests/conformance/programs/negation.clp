;;; not: a task waits until nothing blocks it; finishing a blocker frees it.
(deffacts work (task a) (task b) (task c) (blocks a b) (blocks b c))
(defrule ready
   (task ?t)
   (not (blocks ? ?t))
   (not (done ?t))
   =>
   (assert (done ?t)))
(defrule unblock
   (done ?t)
   ?b <- (blocks ?t ?u)
   =>
   (retract ?b))
(defrule all_done
   (declare (salience -10))
   (not (task ?t&:(> (str-length ?t) 5)))
   =>
   (assert (finished)))
