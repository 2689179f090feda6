; Nots counted as CLIPS's reorder.c counts them (an exists is two): three nots are one,
; (not (exists X)) is (not X), (not (not X)) is (exists X), (not (forall A B)) is
; (exists A (not B)), (not (test X)) is a test. The same network as CLIPS's makes the
; same activations, in the same order, and the same (matches).
(deffacts d (a 1) (a 2) (b 2) (course c1) (course c2) (took c1) (p 1) (p 1 2) (p 1 2 3))
(defrule plain (a ?x) (not (b ?x)) => (printout t "plain " ?x crlf))
(defrule nnn (a ?x) (not (not (not (b ?x)))) => (printout t "nnn " ?x crlf))
(defrule nobody (course ?c) (not (exists (took ?c))) => (printout t "nobody " ?c crlf))
(defrule not-test (a ?x) (not (test (> ?x 1))) => (printout t "small " ?x crlf))
(defrule nna (a ?x) (not (not (and (b ?x) (a ?x)))) => (printout t "nna " ?x crlf))
(defrule not-forall (p ?x) (not (forall (p ?x ?y) (p ?x ?y ?))) => (printout t "nf " ?x crlf))
(defrule een (a ?x) (exists (exists (b ?x))) => (printout t "een " ?x crlf))
(defrule enn (a ?x) (exists (not (not (b ?x)))) => (printout t "enn " ?x crlf))
(defrule en (a ?x) (exists (not (b ?x))) => (printout t "en " ?x crlf))
