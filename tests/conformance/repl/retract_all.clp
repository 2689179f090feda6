;; (retract *) and a retract of a computed index, at the prompt and in a rule:
;; every fact goes, oldest first; one a logical support took along is not there.
(deftemplate item (slot name) (slot n (default 0)))
(deffacts stock (item (name a) (n 1)) (item (name b)) (bin 3) (go))
(defrule support (logical (item (name a))) => (assert (kept a)))
(defrule clear-all (declare (salience -5)) ?g <- (go) (bin ?k) =>
   (retract (- ?k 1))
   (retract *)
   (printout t "left " (length$ (get-fact-list)) crlf))
