;;; sudoku4.clp -- a 4x4 sudoku solved by constraint propagation alone:
;;; candidates are eliminated by the values placed in the same row, column or
;;; box, then a cell takes a value when it is its last candidate (naked single)
;;; or when no other cell of a row, column or box can take it (hidden single).

(defglobal ?*size* = 4)
(defglobal ?*placed* = 0)

(deftemplate cell
   (slot r)
   (slot c)
   (slot b)
   (slot v (default 0)))

(deftemplate cand
   (slot r)
   (slot c)
   (slot b)
   (slot v))

(deffacts puzzle
   (cell (r 1) (c 1) (b 1))       (cell (r 1) (c 2) (b 1) (v 3))
   (cell (r 1) (c 3) (b 2))       (cell (r 1) (c 4) (b 2) (v 2))
   (cell (r 2) (c 1) (b 1))       (cell (r 2) (c 2) (b 1))
   (cell (r 2) (c 3) (b 2) (v 4)) (cell (r 2) (c 4) (b 2))
   (cell (r 3) (c 1) (b 3))       (cell (r 3) (c 2) (b 3))
   (cell (r 3) (c 3) (b 4))       (cell (r 3) (c 4) (b 4))
   (cell (r 4) (c 1) (b 3))       (cell (r 4) (c 2) (b 3) (v 4))
   (cell (r 4) (c 3) (b 4) (v 3)) (cell (r 4) (c 4) (b 4) (v 1)))

;;; every empty cell starts with every value as a candidate
(defrule open-candidates
   (declare (salience 20))
   (cell (r ?r) (c ?c) (b ?b) (v 0))
   =>
   (loop-for-count (?d 1 ?*size*) do
      (assert (cand (r ?r) (c ?c) (b ?b) (v ?d)))))

;;; a placed value removes itself from its row, column and box
(defrule eliminate
   (declare (salience 10))
   (cell (r ?r) (c ?c) (b ?b) (v ?v&~0))
   ?k <- (cand (r ?r2) (c ?c2) (b ?b2) (v ?v))
   (test (or (= ?r ?r2) (= ?c ?c2) (= ?b ?b2)))
   =>
   (retract ?k))

;;; a filled cell has no candidates left
(defrule clear-filled
   (declare (salience 10))
   (cell (r ?r) (c ?c) (v ~0))
   ?k <- (cand (r ?r) (c ?c))
   =>
   (retract ?k))

(defrule naked-single
   (declare (salience 5))
   ?cell <- (cell (r ?r) (c ?c) (v 0))
   (cand (r ?r) (c ?c) (v ?v))
   (not (cand (r ?r) (c ?c) (v ~?v)))
   =>
   (bind ?*placed* (+ ?*placed* 1))
   (printout t "naked single: r" ?r "c" ?c " = " ?v crlf)
   (modify ?cell (v ?v)))

(defrule hidden-single
   ?cell <- (cell (r ?r) (c ?c) (b ?b) (v 0))
   (cand (r ?r) (c ?c) (v ?v))
   (or (not (cand (r ?r) (c ~?c) (v ?v)))
       (not (cand (c ?c) (r ~?r) (v ?v)))
       (and (not (cand (b ?b) (r ~?r) (v ?v)))
            (not (cand (b ?b) (c ~?c) (v ?v)))))
   =>
   (bind ?*placed* (+ ?*placed* 1))
   (printout t "hidden single: r" ?r "c" ?c " = " ?v crlf)
   (modify ?cell (v ?v)))

;;; ---- the end: the grid, row by row, or where propagation got stuck

(defrule solved
   (declare (salience -10))
   (not (cell (v 0)))
   =>
   (printout t "solved with " ?*placed* " placements" crlf)
   (assert (print-row 1 1)))

(defrule stuck
   (declare (salience -10))
   (exists (cell (v 0)))
   =>
   (printout t "stuck after " ?*placed* " placements" crlf))

(defrule print-cell
   ?p <- (print-row ?r ?c $?shown)
   (cell (r ?r) (c ?c) (v ?v))
   =>
   (retract ?p)
   (if (< ?c ?*size*)
    then (assert (print-row ?r (+ ?c 1) $?shown ?v))
    else (printout t (implode$ (create$ $?shown ?v)) crlf)
         (if (< ?r ?*size*) then (assert (print-row (+ ?r 1) 1)))))
