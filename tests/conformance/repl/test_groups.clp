;;;; Tests after a not or exists of one pattern, and groups of nothing but tests: how
;;;; CLIPS 6.4 reads them (its reorder.c) decides each rule's complexity, and so the
;;;; order lex, mea, simplicity and complexity give equal-tagged activations.

(deffacts readings (level 1) (level 2) (level 3) (limit 2))

(defrule above-some-limit
   (level ?x)
   (exists (limit ?y) (test (> ?y ?x)))
   (test (> ?x 0))
   =>
   (printout t "level " ?x " is under a limit" crlf))

(defrule not-the-highest
   (level ?x)
   (exists (level ?y) (test (> ?y ?x)))
   =>
   (printout t "level " ?x " is not the highest" crlf))

(defrule not-a-limit
   (level ?x)
   (not (limit ?x))
   (test (> ?x 1))
   =>
   (printout t "level " ?x " is no limit" crlf))

(defrule outside-the-band
   (level ?x)
   (not (and (test (> ?x 1)) (test (< ?x 3))))
   =>
   (printout t "level " ?x " is outside 2..2" crlf))

(defrule positive-and-small
   (level ?x)
   (exists (test (> ?x 0)) (test (< ?x 3)))
   (test (> ?x 1))
   =>
   (printout t "level " ?x " is positive and small" crlf))

(defrule every-limit-positive
   (level ?x)
   (forall (limit ?y) (test (> ?y 0)) (test (< ?y 10)))
   (test (> ?x 2))
   =>
   (printout t "every limit is in 1..9 at level " ?x crlf))
