;;;; scramble_solve.clp -- which candidate words can be hidden in a scramble line? (issue 8)
;;;;
;;;; Facts the driver asserts (all letters lower case):
;;;;   (line-letter POSITION LETTER BEFORE)  one per letter of the line, positions from 1;
;;;;                                   BEFORE: where the same letter was last (0: nowhere)
;;;;   (line-count LETTER N)           how many times LETTER occurs in the line
;;;;   (candidate WORD LETTER ...)     one per candidate word
;;;; Two staging facts:
;;;;   (FILTER)  walk each candidate along the line, always taking the earliest fitting
;;;;             letter; a word that reaches its end is hidden in the line: (fits WORD).
;;;;             One that runs out of line is (rejected WORD LETTER AFTER-POSITION).
;;;;   (COVER)   every letter of the line must come from some word: a letter that no
;;;;             fitting word has leaves the puzzle without a solution: (unsupplied LETTER).
;;;; What is left is a search (which fitting words together use every letter exactly,
;;;; and can they be threaded through the line at the same time?): the driver does it
;;;; in Python, over the (fits ...) words only, and asserts (solution WORD ...) facts.

;;; FILTER: start each candidate before the first letter of the line.
(defrule start-probe-for-candidate
   (FILTER)
   (candidate ?word $?letters)
   =>
   (assert (probe ?word 0 $?letters)))

;;; FILTER: the probe's next letter is found at the earliest position after the last one:
;;; the one whose same letter before it is not after the last one.
(defrule probe-finds-next-letter
   (FILTER)
   ?probe <- (probe ?word ?after ?letter $?rest)
   (line-letter ?at&:(> ?at ?after) ?letter ?before&:(<= ?before ?after))
   =>
   (retract ?probe)
   (assert (probe ?word ?at $?rest)))

;;; FILTER: every letter was found in order: the word is hidden in the line.
(defrule word-fits-line
   (FILTER)
   ?probe <- (probe ?word ?)
   =>
   (retract ?probe)
   (assert (fits ?word)))

;;; FILTER: the line has no more of the letter the word needs next: it is not hidden.
(defrule word-does-not-fit-line
   (FILTER)
   ?probe <- (probe ?word ?after ?letter $?)
   (not (line-letter ?at&:(> ?at ?after) ?letter ?))
   =>
   (retract ?probe)
   (assert (rejected ?word ?letter ?after)))

;;; COVER: a letter of the line that no fitting word contains can never be used.
(defrule letter-has-no-supplier
   (COVER)
   (line-count ?letter ?)
   (not (and (fits ?word)
             (candidate ?word $? ?letter $?)))
   =>
   (assert (unsupplied ?letter)))
