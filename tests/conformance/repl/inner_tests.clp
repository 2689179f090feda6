; A not or exists over one pattern and tests: CLIPS attaches the tests to the pattern,
; one join, no sub-network; (matches) lists that join's rows.
(deffacts d (a 1) (a 2) (a 3) (b 2))
(defrule bigger (a ?x) (exists (a ?y) (test (> ?y ?x))) => (printout t "bigger " ?x crlf))
(defrule none-bigger (a ?x) (not (and (a ?y) (test (> ?y ?x)))) => (printout t "top " ?x crlf))
(defrule some-b (a ?x) (exists (b ?y) (test (>= ?y ?x)) (test (> ?x 1))) => (printout t "b " ?x crlf))
