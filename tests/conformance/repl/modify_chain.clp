;;; A chain of modifies: a counter counts down, each step a new version of one fact,
;;; a second rule follows each version.
(deftemplate counter (slot name) (slot value))
(deftemplate seen (slot value))
(deffacts start (counter (name c) (value 3)))
(defrule count_down
   ?c <- (counter (value ?v&:(> ?v 0)))
   =>
   (printout t "at " ?v crlf)
   (modify ?c (value (- ?v 1))))
(defrule note
   (declare (salience 10))
   (counter (value ?v))
   (not (seen (value ?v)))
   =>
   (assert (seen (value ?v))))
