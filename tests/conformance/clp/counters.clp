;;; counters.clp -- modify chains. Each Collatz counter is modified step by step
;;; until it reaches 1 (halving when even, 3n+1 when odd), the longest chain is
;;; kept in defglobals; a ticker then counts on, leaving a duplicate of itself
;;; as a milestone every 10 ticks, and halts the run at its limit (its own
;;; activation for the next tick is still on the agenda).

(defglobal ?*longest* = 0)
(defglobal ?*longest-start* = 0)
(defglobal ?*peak* = 0)

(deftemplate counter
   (slot start)
   (slot value)
   (slot steps (default 0))
   (slot peak (default 0)))

(deftemplate ticker
   (slot kind (default ticker))
   (slot n (default 0))
   (slot limit))

(deffacts starts
   (collatz-from 3 6 7 9 11 12 15 18 27)
   (ticker (limit 45)))

(defrule make-counters
   (declare (salience 30))
   ?f <- (collatz-from $?starts)
   =>
   (retract ?f)
   (foreach ?s ?starts
      (assert (counter (start ?s) (value ?s) (peak ?s)))))

(defrule collatz-step
   (declare (salience 20))
   ?c <- (counter (value ?v&~1) (steps ?k) (peak ?p))
   =>
   (bind ?next (if (evenp ?v) then (div ?v 2) else (+ (* 3 ?v) 1)))
   (modify ?c (value ?next) (steps (+ ?k 1)) (peak (max ?p ?next))))

(defrule collatz-done
   (declare (salience 20))
   (counter (start ?s) (value 1) (steps ?k) (peak ?p))
   =>
   (printout t ?s " reaches 1 in " ?k " steps, peaking at " ?p crlf)
   (if (> ?k ?*longest*)
    then (bind ?*longest* ?k)
         (bind ?*longest-start* ?s))
   (bind ?*peak* (max ?*peak* ?p)))

(defrule collatz-summary
   (declare (salience 10))
   (not (counter (value ~1)))
   (exists (counter))
   =>
   (printout t "longest: " ?*longest-start* " with " ?*longest* " steps; highest value "
               ?*peak* crlf))

;;; ---- the ticker

(defrule tick
   ?t <- (ticker (kind ticker) (n ?n) (limit ?l))
   =>
   (modify ?t (n (+ ?n 1))))

(defrule milestone
   (declare (salience 5))
   ?t <- (ticker (kind ticker) (n ?n&~0&:(= (mod ?n 10) 0)))
   (not (ticker (kind milestone) (n ?n)))
   =>
   (printout t "milestone at " ?n crlf)
   (duplicate ?t (kind milestone)))

(defrule ticker-limit
   (declare (salience 5))
   (ticker (kind ticker) (n ?n) (limit ?n))
   =>
   (printout t "ticker stops at " ?n crlf)
   (halt))
