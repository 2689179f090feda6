; A rule that opens with a test: CLIPS puts its initial pattern before it, so its
; partial matches begin with * (tf: *,f-1), and lex and mea order it by that.
(deffacts d (a 1) (a 2) (b 3))
(defrule tf (test (> 3 2)) (a ?x) => (printout t "tf " ?x crlf))
(defrule nf (not (z)) (a ?x) => (printout t "nf " ?x crlf))
(defrule plain (a ?x) => (printout t "plain " ?x crlf))
(defrule two-tests (test (> 3 2)) (test (< 1 2)) (b ?x) => (printout t "two " ?x crlf))
(defrule only-test (test (> 3 2)) => (printout t "only" crlf))
(defrule ex (exists (b ?)) => (printout t "ex" crlf))
