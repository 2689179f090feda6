; count.clp -- count to ten
(deftemplate counter (slot n (default 0)))
(deffacts start (counter))
(defrule count-up
   ?c <- (counter (n ?n&:(< ?n 10)))
   =>
   (modify ?c (n (+ ?n 1)))
   (printout t "now " (+ ?n 1) crlf))
