; fib.clp -- the Fibonacci numbers to the 15th
(deftemplate fib (slot i) (slot value))
(deffacts seeds (fib (i 1) (value 1)) (fib (i 2) (value 1)))
(defrule next
   (fib (i ?i) (value ?a))
   (fib (i ?j&:(= ?j (+ ?i 1))) (value ?b))
   (test (< ?j 15))
   (not (fib (i =(+ ?j 1))))
   =>
   (assert (fib (i (+ ?j 1)) (value (+ ?a ?b)))))
(defrule last
   (fib (i 15) (value ?v))
   =>
   (printout t "fib 15 = " ?v crlf))
