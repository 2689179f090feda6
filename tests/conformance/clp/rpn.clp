;;; rpn.clp -- a reverse Polish calculator reading its input line by line with
;;; (readline). Each line is exploded into tokens; rules push numbers, apply
;;; operators to the stack, and report errors. The answer to "Another line?"
;;; is read with (read); the calculator stops at "quit", a "no" or the end of
;;; input.

(defglobal ?*lines* = 0)

(deftemplate calc
   (multislot tokens)
   (multislot stack)
   (slot status (default ok)))

(deffacts start
   (prompt))

(defrule read-line
   ?p <- (prompt)
   =>
   (retract ?p)
   (printout t "rpn> ")
   (bind ?line (readline))
   (if (or (not (stringp ?line)) (eq ?line "quit"))
    then (assert (finished))
    else (bind ?*lines* (+ ?*lines* 1))
         (assert (calc (tokens (explode$ ?line))))))

(defrule push-number
   ?c <- (calc (tokens ?x&:(numberp ?x) $?rest) (stack $?s) (status ok))
   =>
   (modify ?c (tokens $?rest) (stack $?s ?x)))

(defrule binary-op
   ?c <- (calc (tokens ?op&+|-|*|/|max|min $?rest) (stack $?s ?a ?b) (status ok))
   =>
   (if (and (eq ?op /) (= ?b 0))
    then (modify ?c (status division-by-zero))
    else (bind ?r (if (eq ?op +) then (+ ?a ?b)
                   else (if (eq ?op -) then (- ?a ?b)
                   else (if (eq ?op *) then (* ?a ?b)
                   else (if (eq ?op /) then (/ ?a ?b)
                   else (if (eq ?op max) then (max ?a ?b) else (min ?a ?b)))))))
         (modify ?c (tokens $?rest) (stack $?s ?r))))

(defrule unary-op
   ?c <- (calc (tokens ?op&sqrt|neg|abs|dup $?rest) (stack $?s ?a) (status ok))
   =>
   (if (eq ?op dup) then (modify ?c (tokens $?rest) (stack $?s ?a ?a))
    else (if (and (eq ?op sqrt) (< ?a 0))
          then (modify ?c (status negative-root))
          else (modify ?c (tokens $?rest)
                  (stack $?s (if (eq ?op sqrt) then (sqrt ?a)
                              else (if (eq ?op neg) then (- 0 ?a) else (abs ?a))))))))

(defrule swap
   ?c <- (calc (tokens swap $?rest) (stack $?s ?a ?b) (status ok))
   =>
   (modify ?c (tokens $?rest) (stack $?s ?b ?a)))

(defrule sum-all
   ?c <- (calc (tokens sum $?rest) (stack $?s) (status ok))
   =>
   (bind ?total 0)
   (foreach ?x ?s (bind ?total (+ ?total ?x)))
   (modify ?c (tokens $?rest) (stack ?total)))

(defrule underflow
   (declare (salience -5))
   ?c <- (calc (tokens ?op&~sum&:(not (numberp ?op)) $?) (status ok))
   (test (member$ ?op (create$ + - * / max min sqrt neg abs dup swap)))
   =>
   (modify ?c (status stack-underflow)))

(defrule unknown-word
   (declare (salience -5))
   ?c <- (calc (tokens ?op&:(not (numberp ?op)) $?) (status ok))
   (test (not (member$ ?op (create$ + - * / max min sqrt neg abs dup swap sum))))
   =>
   (printout t "unknown word " ?op crlf)
   (modify ?c (status unknown-word)))

(defrule result
   ?c <- (calc (tokens) (stack $?s) (status ok))
   =>
   (retract ?c)
   (if (= (length$ ?s) 1)
    then (printout t "= " (nth$ 1 ?s) crlf)
    else (printout t "stack: " (implode$ ?s) crlf))
   (assert (again)))

(defrule failed
   ?c <- (calc (status ?e&~ok))
   =>
   (retract ?c)
   (printout t "error: " ?e crlf)
   (assert (again)))

(defrule again
   ?a <- (again)
   =>
   (retract ?a)
   (printout t "Another line? ")
   (bind ?answer (read))
   (if (eq ?answer no)
    then (assert (finished))
    else (assert (prompt))))

(defrule goodbye
   (finished)
   =>
   (printout t ?*lines* " lines calculated" crlf))
