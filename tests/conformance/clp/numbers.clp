;;; numbers.clp -- arithmetic: a sieve of Eratosthenes by rules (each number
;;; retracts its multiples), then recursive deffunctions over the primes found
;;; (factorial, Fibonacci, greatest common divisor, fast power, digit sums),
;;; an integer square root by Newton's method (while) and a few floats.

(defglobal ?*limit* = 60)
(defglobal ?*primes* = (create$))

(deffunction factorial (?n)
   (if (<= ?n 1) then 1 else (* ?n (factorial (- ?n 1)))))

(deffunction fib (?n)
   (if (< ?n 2) then ?n else (+ (fib (- ?n 1)) (fib (- ?n 2)))))

(deffunction gcd (?a ?b)
   (if (= ?b 0) then (abs ?a) else (gcd ?b (mod ?a ?b))))

(deffunction lcm (?a ?b)
   (div (abs (* ?a ?b)) (gcd ?a ?b)))

(deffunction power-mod (?base ?exp ?m)
   (if (= ?exp 0) then (mod 1 ?m)
    else (if (evenp ?exp)
          then (bind ?half (power-mod ?base (div ?exp 2) ?m))
               (mod (* ?half ?half) ?m)
          else (mod (* ?base (power-mod ?base (- ?exp 1) ?m)) ?m))))

(deffunction digit-sum (?n)
   (if (< ?n 10) then ?n else (+ (mod ?n 10) (digit-sum (div ?n 10)))))

(deffunction isqrt (?n)
   (if (< ?n 2) then (return ?n))
   (bind ?x ?n)
   (bind ?y (div (+ ?x 1) 2))
   (while (< ?y ?x) do
      (bind ?x ?y)
      (bind ?y (div (+ ?x (div ?n ?x)) 2)))
   ?x)

(deffacts start
   (fill 2))

;;; ---- the sieve

(defrule fill
   (declare (salience 20))
   ?f <- (fill ?from)
   =>
   (retract ?f)
   (loop-for-count (?i ?from ?*limit*) do
      (assert (number ?i))))

(defrule cross-out
   (declare (salience 10))
   (number ?p)
   ?m <- (number ?n&:(> ?n ?p)&:(= (mod ?n ?p) 0))
   =>
   (retract ?m))

(defrule prime
   (number ?p)
   (not (prime ?p))
   =>
   (assert (prime ?p))
   (bind ?*primes* (create$ ?*primes* ?p)))

(defrule twin-primes
   (declare (salience -5))
   (prime ?p)
   (prime ?q&=(+ ?p 2))
   (test (<> (mod ?q 10) 1))
   =>
   (printout t "twin primes " ?p " and " ?q " (the larger not ending in 1)" crlf))

(defrule prime-facts
   (declare (salience -5))
   (prime ?p&:(< ?p 20))
   =>
   (printout t ?p ": " ?p "! = " (factorial ?p)
               ", fib(" ?p ") = " (fib ?p)
               ", 2^" ?p " mod 1000 = " (power-mod 2 ?p 1000)
               ", digit sum of " ?p "^3 = " (digit-sum (* ?p ?p ?p)) crlf))

(defrule summary
   (declare (salience -10))
   (prime ?largest)
   (not (prime ?bigger&:(> ?bigger ?largest)))
   =>
   (bind ?sorted (create$))
   (bind ?p 2)
   (while (<= ?p ?largest) do
      (if (member$ ?p ?*primes*) then (bind ?sorted (create$ ?sorted ?p)))
      (bind ?p (+ ?p 1)))
   (printout t (length$ ?sorted) " primes up to " ?*limit* ": " (implode$ ?sorted) crlf)
   (bind ?sum 0)
   (progn$ (?q ?sorted) (bind ?sum (+ ?sum ?q)))
   (printout t "their sum " ?sum ", mean " (/ ?sum (length$ ?sorted))
               ", rounded " (round (/ ?sum (length$ ?sorted)))
               ", as an integer " (integer (/ ?sum (length$ ?sorted))) crlf)
   (printout t "gcd(462, 1071) = " (gcd 462 1071) ", lcm(21, 6) = " (lcm 21 6)
               ", isqrt(" ?sum ") = " (isqrt ?sum) ", sqrt(" ?sum ") = " (sqrt ?sum) crlf)
   (printout t "2 ** 0.5 = " (** 2 0.5) ", 7 / 2 = " (/ 7 2) ", 7 div 2 = " (div 7 2)
               ", -7 mod 3 = " (mod -7 3) ", float 7 = " (float 7)
               ", min/max = " (min 4 -2 9) "/" (max 4 -2.5 9) crlf)
   (assert (prime-count (length$ ?sorted))))
