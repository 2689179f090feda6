;;; not, exists, forall: a task is ready when nothing blocks it; a report when some
;;; task is done; all done when every task has its done fact.
(deftemplate task (slot name))
(deftemplate blocks (slot first) (slot then))
(deffacts work
   (task (name a)) (task (name b)) (task (name c))
   (blocks (first a) (then b))
   (blocks (first b) (then c)))
(defrule ready
   (task (name ?t))
   (not (blocks (then ?t)))
   (not (done ?t))
   =>
   (printout t "ready " ?t crlf)
   (assert (done ?t)))
(defrule unblock
   (done ?t)
   ?b <- (blocks (first ?t))
   =>
   (retract ?b))
(defrule some_done
   (declare (salience 5))
   (exists (done ?))
   =>
   (printout t "something is done" crlf))
(defrule all_done
   (declare (salience -5))
   (forall (task (name ?t)) (done ?t))
   =>
   (printout t "all done" crlf))
