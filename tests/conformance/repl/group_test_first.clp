; A not, exists or and group that opens with a test: CLIPS puts its initial pattern
; there too; its partial matches hold a * for it (f-2,*,f-3) and its alpha memory
; lists no match (" None"). Found by a tester (2026-11-29): ours joined the group's
; first pattern straight to the token.
(deffacts d (a 1) (a 2) (b 1) (c 2))
(defrule inner-not (a ?x) (not (and (test (> ?x 1)) (b ?y))) => (printout t "inner-not " ?x crlf))
(defrule inner-exists (a ?x) (exists (test (> ?x 1)) (c ?x)) => (printout t "inner-exists " ?x crlf))
(defrule opening (test (> 3 2)) (exists (a ?x) (b ?x)) => (printout t "opening" crlf))
(defrule both (test (< 1 2)) (a ?x) (not (and (test (< ?x 2)) (c ?z) (b ?z))) => (printout t "both " ?x crlf))
