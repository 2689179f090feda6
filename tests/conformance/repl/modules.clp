;;; Modules: MAIN puts PLAN and DO on the focus stack; each module's rules fire in
;;; turn, with the facts their module sees.
(defmodule MAIN (export ?ALL))
(deftemplate MAIN::task (slot name) (slot phase))
(deffacts MAIN::tasks
   (task (name a) (phase plan))
   (task (name b) (phase plan))
   (task (name c) (phase do)))
(defrule MAIN::start => (focus PLAN DO))
(defmodule PLAN (import MAIN ?ALL))
(deftemplate PLAN::planned (slot name))
(defrule PLAN::plan
   ?t <- (task (name ?n) (phase plan))
   =>
   (printout t "plan " ?n crlf)
   (assert (planned (name ?n)))
   (modify ?t (phase do)))
(defmodule DO (import MAIN ?ALL))
(defrule DO::work (task (name ?n) (phase do)) => (printout t "do " ?n crlf))
(defrule DO::finish (declare (salience -10)) => (printout t "finished" crlf))
