;;;; scramble.clp -- hide words in one jumbled line of letters (after seed 004)
;;;;
;;;; Each word is a fact (word ID letter letter ...). The line being made is the
;;;; fact (text ... # ...): letters before the # are decoded, ids after it are not.
;;;; Three staging facts switch the phases on, one at a time:
;;;;   (BUILD)      write one copy of a word's id per letter
;;;;   (RANDOMIZE)  swap two ids at random; run with the random strategy, N firings
;;;;   (DECODE)     turn each id, front to back, into that word's next letter
;;;; Because only ids move, each word's letters stay in their spelling order.

(deffacts empty-line
   (text #))

;;; BUILD: append a word's id once per letter, for each word not yet laid out.
(defrule build-append-word-ids
   (BUILD)
   ?line <- (text # $?ids)
   (word ?id $?letters)
   (test (not (member$ ?id $?ids)))
   =>
   (retract ?line)
   (bind ?longer $?ids)
   (loop-for-count (length$ $?letters)
      (bind ?longer (create$ ?longer ?id)))
   (assert (text # ?longer)))

;;; RANDOMIZE: any two ids may trade places. Every pair of positions is an
;;; activation, so depth or breadth would pick the same pair every time;
;;; the random strategy picks a different pair on each firing.
(defrule randomize-swap-two-ids
   (RANDOMIZE)
   ?line <- (text # $?before ?x $?between ?y $?after)
   =>
   (retract ?line)
   (assert (text # $?before ?y $?between ?x $?after)))

;;; DECODE: the id just after # becomes the next unused letter of its word.
(defrule decode-next-letter
   (DECODE)
   ?line <- (text $?decoded # ?id $?rest)
   ?word <- (word ?id ?letter $?more)
   =>
   (retract ?line ?word)
   (assert (text $?decoded ?letter # $?rest)
           (word ?id $?more)))
