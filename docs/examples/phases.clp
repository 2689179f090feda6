;;; Modules and focus: MAIN puts PLAN, then DO, on the focus stack. Each module's
;;; rules fire in their turn and see their own facts and the ones MAIN exports.

(defmodule MAIN (export ?ALL))

(deftemplate MAIN::task (slot name) (slot phase))

(defglobal MAIN ?*worked* = 0)

(deffacts MAIN::tasks
   (task (name a) (phase plan))
   (task (name b) (phase plan))
   (task (name c) (phase do)))

(defrule MAIN::start
   =>
   (focus PLAN DO))

(defmodule PLAN (import MAIN ?ALL))

(deftemplate PLAN::planned (slot name))

;;; Plan a task, then hand it over to DO.
(defrule PLAN::plan
   ?t <- (task (name ?n) (phase plan))
   =>
   (printout t "plan " ?n crlf)
   (assert (planned (name ?n)))
   (modify ?t (phase do)))

(defmodule DO (import MAIN ?ALL))

(defrule DO::work
   (task (name ?n) (phase do))
   =>
   (bind ?*worked* (+ ?*worked* 1))
   (printout t "do " ?n crlf))

(defrule DO::finish
   (declare (salience -10))
   (not (task (phase plan)))
   =>
   (printout t "finished " ?*worked* " tasks" crlf))
