;;; Globals: a defglobal the rules read and change, and one bound at the prompt.
(defglobal ?*limit* = 2 ?*fired* = 0)
(deffacts items (item a) (item b) (item c))
(defrule take
   (item ?x)
   (test (< ?*fired* ?*limit*))
   =>
   (bind ?*fired* (+ ?*fired* 1))
   (printout t "took " ?x ", " ?*fired* " of " ?*limit* crlf))
