;;; modules.clp -- an order desk in four modules. MAIN holds the orders and a
;;; list of phases; a MAIN rule pops the next phase and focuses on its module.
;;; PRICE totals each order (and exports its discount notes to REPORT), CHECK
;;; holds orders back (leaving the module at once with return when it meets a
;;; blocked customer: the orders it did not reach are checked on its second
;;; turn), REPORT prints the day's results.

(defmodule MAIN
   (export ?ALL))

(deftemplate MAIN::order
   (slot id)
   (slot customer)
   (slot total (default 0))
   (slot status (default new)))

(deftemplate MAIN::line
   (slot order)
   (slot product)
   (slot qty (default 1)))

(deftemplate MAIN::price
   (slot product)
   (slot cents))

(defglobal MAIN ?*revenue* = 0)

(deffunction MAIN::money (?cents)
   (str-cat (div ?cents 100) "."
            (if (< (mod ?cents 100) 10) then "0" else "")
            (mod ?cents 100)))

(deffacts MAIN::day
   (phases PRICE CHECK REPORT CHECK REPORT)
   (price (product pen) (cents 150))
   (price (product pad) (cents 325))
   (price (product ink) (cents 899))
   (price (product lamp) (cents 2450))
   (order (id 1) (customer acme))
   (order (id 2) (customer zenith))
   (order (id 3) (customer acme))
   (order (id 4) (customer globex))
   (order (id 5) (customer initech))
   (line (order 1) (product pen) (qty 10))
   (line (order 1) (product pad) (qty 4))
   (line (order 2) (product lamp))
   (line (order 3) (product ink) (qty 3))
   (line (order 3) (product pen) (qty 2))
   (line (order 4) (product lamp) (qty 2))
   (line (order 4) (product ink))
   (line (order 5) (product pad) (qty 2))
   (blocked zenith))

(defrule MAIN::next-phase
   ?p <- (phases ?next $?rest)
   =>
   (retract ?p)
   (assert (phases $?rest))
   (printout t "-- phase " ?next crlf)
   (focus ?next))

(defrule MAIN::all-phases-done
   (phases)
   =>
   (printout t "-- day closed, revenue " (money ?*revenue*) crlf))

;;; ---- PRICE: line totals into the order, then a discount on big orders

(defmodule PRICE
   (import MAIN ?ALL)
   (export deftemplate discount))

(deftemplate PRICE::discount
   (slot order)
   (slot cents))

(defrule PRICE::add-line
   ?l <- (line (order ?id) (product ?p) (qty ?q))
   (price (product ?p) (cents ?c))
   ?o <- (order (id ?id) (total ?t) (status new))
   =>
   (retract ?l)
   (modify ?o (total (+ ?t (* ?q ?c)))))

(defrule PRICE::big-order-discount
   (declare (salience -10))
   ?o <- (order (id ?id) (total ?t&:(>= ?t 4000)) (status new))
   (not (line (order ?id)))
   =>
   (bind ?off (div ?t 10))
   (assert (discount (order ?id) (cents ?off)))
   (modify ?o (total (- ?t ?off)) (status priced)))

(defrule PRICE::plain-price
   (declare (salience -10))
   ?o <- (order (id ?id) (total ?t&:(< ?t 4000)) (status new))
   (not (line (order ?id)))
   =>
   (modify ?o (status priced)))

;;; ---- CHECK: a blocked customer ends this turn of CHECK at once

(defmodule CHECK
   (import MAIN ?ALL))

(defrule CHECK::blocked-customer
   (declare (salience 10))
   ?o <- (order (id ?id) (customer ?c) (status priced))
   (blocked ?c)
   =>
   (modify ?o (status held))
   (printout t "order " ?id " held: " ?c " is blocked; checking stops here" crlf)
   (return))

(defrule CHECK::accept
   ?o <- (order (id ?id) (customer ?c) (total ?t) (status priced))
   (not (blocked ?c))
   =>
   (bind ?*revenue* (+ ?*revenue* ?t))
   (modify ?o (status accepted))
   (printout t "order " ?id " accepted: " (money ?t) crlf))

;;; ---- REPORT

(defmodule REPORT
   (import MAIN ?ALL)
   (import PRICE deftemplate discount))

(defrule REPORT::show-discount
   (discount (order ?id) (cents ?c))
   (order (id ?id) (customer ?who))
   =>
   (printout t "  " ?who " saved " (money ?c) " on order " ?id crlf))

(defrule REPORT::order-state
   (declare (salience -5))
   (order (id ?id) (customer ?who) (total ?t) (status ?s))
   =>
   (printout t "  order " ?id " (" ?who ", " (money ?t) "): " ?s crlf))

(defrule REPORT::unchecked
   (declare (salience -10))
   (exists (order (status priced)))
   =>
   (printout t "  some orders are still to be checked" crlf))
