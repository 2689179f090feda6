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
;;;; For n letters the stage fires 3n + 1 rules: 1 spread, n - 1 partners, n - 1 swaps
;;;; or stays, 1 start, n appends, 1 finish. A (shuffled) fact stays behind as a record.
;;;;
;;;; Linear, every step: no rule of this plan asserts a fact that grows with the line
;;;; more than once (asserting a fact costs its length: it is hashed and matched, and a
;;;; rule re-asserting a growing line makes the whole run quadratic). Each step's
;;;; facts are a fixed size and are joined on a bound position or id, which CLIPS
;;;; finds through its hashed memories. The long (text ...) facts are made once each,
;;;; by the rules that finish a stage, from facts created in position order.
;;;;
;;;; BUILD and DECODE are the seed's ideas in linear form (the seed's rules in
;;;; scramble.clp re-assert the growing line at every step; the driver undefines them,
;;;; and the seed's swap rule, for this plan):
;;;;   BUILD   lay-out-word-ids    one firing per word: a (laid N ID) fact per letter
;;;;           gather-laid-ids     once: the line (text # ID ...) in laid order
;;;;   DECODE  spread-ids-for-decoding, decode-id-at-cursor (one firing per letter:
;;;;           the id's word gives its next letter), gather-decoded-letters (once:
;;;;           the line (text LETTER ... #), as the seed's DECODE leaves it).
;;;; (random 1 I) uses the C library's rand(): (seed N) before SHUFFLE repeats a run.

(defglobal ?*laid* = 0)

;;; The values at ``?k`` of the facts ``?facts``, in order, as one multifield. Halving
;;; keeps the copies to n log n (appending one value at a time copies n * n / 2).
(deffunction values-in-order (?facts ?k)
   (bind ?n (length$ ?facts))
   (if (<= ?n 16) then
      (bind ?out (create$))
      (foreach ?f ?facts
         (bind ?out (create$ ?out (nth$ ?k (fact-slot-value ?f implied)))))
      (return ?out))
   (bind ?half (div ?n 2))
   (create$ (values-in-order (subseq$ ?facts 1 ?half) ?k)
            (values-in-order (subseq$ ?facts (+ ?half 1) ?n) ?k)))

;;; BUILD: each word lays out its id once per letter, numbered on from the last word.
(defrule lay-out-word-ids
   (BUILD)
   (word ?id $?letters)
   =>
   (foreach ?letter $?letters
      (bind ?*laid* (+ ?*laid* 1))
      (assert (laid ?*laid* ?id))))

;;; BUILD, when every word is laid out: the ids become the line, in laid order.
(defrule gather-laid-ids
   (declare (salience -10))
   (BUILD)
   ?line <- (text #)
   =>
   (bind ?ids (values-in-order (find-all-facts ((?l laid)) TRUE) 2))
   (do-for-all-facts ((?l laid)) TRUE (retract ?l))
   (retract ?line)
   (assert (text # ?ids)))

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
;;;     rule 1 leaves it alone from now on, and start gathering at slot 1.
(defrule start-gathering-slots
   (SHUFFLE)
   ?cursor <- (walk ?i&:(<= ?i 1))
   =>
   (retract ?cursor)
   (assert (shuffled)
           (gather 1)))

;;; 3b. Append the next slot's id to the line (a (gathered ...) fact, made in
;;;     position order).
(defrule append-slot-to-line
   (SHUFFLE)
   ?next <- (gather ?p)
   ?slot <- (slot ?p ?id)
   =>
   (retract ?next ?slot)
   (assert (gathered ?p ?id)
           (gather (+ ?p 1))))

;;; 3c. No slot is left at the gathering position: the line is whole again.
(defrule finish-gathering-slots
   (SHUFFLE)
   ?next <- (gather ?p)
   (not (slot ?p ?))
   =>
   (retract ?next)
   (bind ?ids (values-in-order (find-all-facts ((?g gathered)) TRUE) 2))
   (do-for-all-facts ((?g gathered)) TRUE (retract ?g))
   (assert (text # ?ids)))

;;; DECODE 1. The line's ids become (code POSITION ID) facts; each word's letters
;;;    become (spelling ID K LETTER) facts with a cursor (next-letter ID 1).
(defrule spread-ids-for-decoding
   (DECODE)
   ?line <- (text # $?ids)
   =>
   (retract ?line)
   (do-for-all-facts ((?w word)) TRUE
      (bind ?id (nth$ 1 ?w:implied))
      (bind ?k 0)
      (foreach ?letter (rest$ ?w:implied)
         (bind ?k (+ ?k 1))
         (assert (spelling ?id ?k ?letter)))
      (assert (next-letter ?id 1)))
   (bind ?position 0)
   (foreach ?id $?ids
      (bind ?position (+ ?position 1))
      (assert (code ?position ?id)))
   (assert (decode-at 1)))

;;; DECODE 2. The id at the cursor becomes that word's next unused letter.
(defrule decode-id-at-cursor
   (DECODE)
   ?at <- (decode-at ?p)
   ?code <- (code ?p ?id)
   ?next <- (next-letter ?id ?k)
   ?spelling <- (spelling ?id ?k ?letter)
   =>
   (retract ?at ?code ?next ?spelling)
   (assert (decoded ?p ?letter)
           (next-letter ?id (+ ?k 1))
           (decode-at (+ ?p 1))))

;;; DECODE 3. No id is left at the cursor: the letters, in position order, are the line.
(defrule gather-decoded-letters
   (DECODE)
   ?at <- (decode-at ?p)
   (not (code ?p ?))
   =>
   (retract ?at)
   (bind ?letters (values-in-order (find-all-facts ((?d decoded)) TRUE) 2))
   (do-for-all-facts ((?d decoded)) TRUE (retract ?d))
   (do-for-all-facts ((?n next-letter)) TRUE (retract ?n))
   (assert (text ?letters #)))
