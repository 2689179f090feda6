;;; Salience decides first; a breakpoint and a (halt) stop a run; refresh brings a
;;; fired activation back.
(deffacts jobs (job low 1) (job high 2) (job mid 3) (job stop 4) (job last 5))
(defrule high (declare (salience 20)) (job high ?n) => (printout t "high " ?n crlf))
(defrule mid (declare (salience 10)) (job mid ?n) => (printout t "mid " ?n crlf))
(defrule low (job low ?n) => (printout t "low " ?n crlf))
(defrule stop (declare (salience 5)) (job stop ?n) => (printout t "halting" crlf) (halt))
(defrule last (declare (salience -10)) (job last ?n) => (printout t "last " ?n crlf))
