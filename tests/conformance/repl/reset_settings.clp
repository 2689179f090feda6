;;; A (reset) keeps CLIPS's settings: equal deffacts facts while duplication is on,
;;; saliences evaluated as the setting says (a teacher's finding: the shell's reset
;;; opened the program afresh and every setting went back to its start).
(defglobal ?*pri* = 0)
(deffacts jobs (job a 1) (job b 5) (job a 1))
(defrule dyn (declare (salience ?*pri*)) (job ?n ?p) =>
   (bind ?*pri* (+ ?*pri* 10))
   (printout t "job " ?n " pri now " ?*pri* crlf))
(defrule fixed (declare (salience 15)) (job ?n 5) => (printout t "fixed " ?n crlf))
