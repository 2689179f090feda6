;;; CLIPS 6.4 writes "rule firing limit reached" when a (run N) fired half of N: it
;;; counts the limit down as rules fire and compares what is left with what fired.
(deffacts d (n 1) (n 2) (n 3) (n 4))
(defrule count ?f <- (n ?x) => (retract ?f) (printout t "n " ?x crlf))
