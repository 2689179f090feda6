;;; (read): a rule asks, the answer decides which rule fires next.
(deffacts start (ask colour))
(defrule ask_colour
   ?a <- (ask colour)
   =>
   (printout t "Colour? ")
   (assert (colour (read)))
   (retract ?a))
(defrule red (colour red) => (printout t "Stop." crlf) (assert (ask again)))
(defrule green (colour green) => (printout t "Go." crlf))
(defrule again
   ?a <- (ask again)
   =>
   (printout t "Again? ")
   (assert (colour (read)))
   (retract ?a))
