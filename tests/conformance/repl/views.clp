;;; What CLIPS's prompt shows of facts, the agenda and matches, with its arguments:
;;; (ppfact N ROUTER IGNORE-DEFAULTS), (agenda MODULE | *), (matches RULE VERBOSITY),
;;; (set-strategy) giving the old strategy, (get-fact-list), (assert-string).
(defmodule MAIN (export ?ALL))
(deftemplate MAIN::order (slot id) (slot size (default small)) (multislot extras)
   (slot paid (default FALSE)))
(deffacts MAIN::orders
   (order (id 1) (extras milk sugar))
   (order (id 2) (size large) (paid TRUE))
   (order (id 3)))
(defrule MAIN::pair (order (id ?a) (size ?s)) (order (id ?b&:(> ?b ?a)) (size ?s))
   => (printout t "pair " ?a " " ?b crlf))
(defrule MAIN::bill (order (id ?i) (paid FALSE)) (not (order (size large) (paid FALSE)))
   => (printout t "bill " ?i crlf))
(defrule MAIN::go => (focus KITCHEN))
(defmodule KITCHEN (import MAIN ?ALL))
(defrule KITCHEN::cook (order (id ?i) (extras $? milk $?)) => (printout t "cook " ?i crlf))
