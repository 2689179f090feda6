;;;; scramble_shuffle.clp -- a linear randomizer for the scramble (issue 8)
;;;;
;;;; The seed's RANDOMIZE rule swaps any two ids of the (text # ...) line. Every pair
;;;; of positions is an activation, so each firing costs time that grows with the
;;;; square of the line's length, and 100 swaps do not mix a long line well.
;;;;
;;;; Under the staging fact (SHUFFLE) these rules do a Fisher-Yates walk instead:
;;;;   1. spread the line into one (slot POSITION ID) fact per letter;
;;;;   2. a cursor (walk I) moves from the last slot down to slot 2; at each step a
;;;;      partner slot J is drawn uniformly from 1..I and the two ids trade places;
;;;;   3. the slots are gathered back, in position order, into (text # ...).
;;;; The walk makes n * (n-1) * ... * 2 equally likely choices, one per permutation of
;;;; the positions, so every permutation is equally likely; and every interleaving of
;;;; the words is too, since each one is reached by the same number of permutations
;;;; (the product of the factorials of the word lengths).
;;;; Each firing matches a fixed number of facts, so the matching grows linearly (the
;;;; appends copy the growing line, a cheap copy inside CLIPS).
;;;; For n letters the stage fires 3n + 1 rules: 1 spread, n - 1 partners, n - 1 swaps
;;;; or stays, 1 start, n appends, 1 finish. A (shuffled) fact stays behind as a record.
;;;; BUILD before and DECODE after are the seed's rules, unchanged (scramble.clp); the
;;;; driver undefines the seed's swap rule, whose pattern would otherwise match every
;;;; pair of ids each time any (text ...) fact is asserted.
;;;; (random 1 I) uses the C library's rand(): (seed N) before SHUFFLE repeats a run.

;;; 1. The line becomes position facts; the cursor starts at the last slot.
(defrule spread-line-into-slots
   (SHUFFLE)
   (not (shuffled))
   ?line <- (text # $?ids)
   =>
   (retract ?line)
   (bind ?position 0)
   (foreach ?id $?ids
      (bind ?position (+ ?position 1))
      (assert (slot ?position ?id)))
   (assert (walk ?position)))

;;; 2a. The cursor has not reached the first slot: draw its partner from 1..I.
(defrule choose-partner-for-cursor
   (SHUFFLE)
   ?cursor <- (walk ?i&:(> ?i 1))
   =>
   (retract ?cursor)
   (assert (partner ?i (random 1 ?i))))

;;; 2b. The partner is another slot: the two ids trade places, the cursor moves down.
(defrule swap-cursor-with-partner
   (SHUFFLE)
   ?pick <- (partner ?i ?j&~?i)
   ?here <- (slot ?i ?x)
   ?there <- (slot ?j ?y)
   =>
   (retract ?pick ?here ?there)
   (assert (slot ?i ?y)
           (slot ?j ?x)
           (walk (- ?i 1))))

;;; 2c. The partner is the cursor's own slot: nothing moves, the cursor moves down.
(defrule keep-cursor-in-place
   (SHUFFLE)
   ?pick <- (partner ?i ?i)
   =>
   (retract ?pick)
   (assert (walk (- ?i 1))))

;;; 3a. The walk is over (the cursor is at slot 1): mark the line shuffled, so
;;;     rule 1 leaves it alone from now on, and start an empty line.
(defrule start-gathering-slots
   (SHUFFLE)
   ?cursor <- (walk ?i&:(<= ?i 1))
   =>
   (retract ?cursor)
   (assert (shuffled)
           (text #)
           (gather 1)))

;;; 3b. Append the next slot's id to the line.
(defrule append-slot-to-line
   (SHUFFLE)
   ?next <- (gather ?p)
   ?slot <- (slot ?p ?id)
   ?line <- (text # $?ids)
   =>
   (retract ?next ?slot ?line)
   (assert (text # $?ids ?id)
           (gather (+ ?p 1))))

;;; 3c. No slot is left at the gathering position: the line is whole again.
(defrule finish-gathering-slots
   (SHUFFLE)
   ?next <- (gather ?p)
   (not (slot ?p ?))
   =>
   (retract ?next))
