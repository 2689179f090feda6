;;; sudoku9.clp -- an easy 9x9 sudoku solved by constraint propagation alone
;;; (the rules of sudoku4.clp, hidden singles first here): the puzzle is given as nine row facts, which a
;;; rule unpacks into cells with progn$; each cell's box is computed with div.

(defglobal ?*size* = 9)
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
   (row 1 3 9 0 1 7 2 0 6 0)
   (row 2 0 6 0 0 0 3 0 7 0)
   (row 3 2 0 1 0 0 0 8 9 3)
   (row 4 0 0 9 7 0 1 0 0 5)
   (row 5 1 3 0 0 0 5 0 0 0)
   (row 6 5 0 0 9 4 0 0 0 1)
   (row 7 0 0 4 0 8 7 0 0 0)
   (row 8 7 0 0 2 1 0 0 0 9)
   (row 9 0 0 2 0 5 0 0 8 0))

(deffunction box-of (?r ?c)
   (+ (* 3 (div (- ?r 1) 3)) (div (- ?c 1) 3) 1))

(defrule unpack-row
   (declare (salience 30))
   ?f <- (row ?r $?values)
   =>
   (retract ?f)
   (progn$ (?v $?values)
      (assert (cell (r ?r) (c ?v-index) (b (box-of ?r ?v-index)) (v ?v)))))

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
   ?cell <- (cell (r ?r) (c ?c) (v 0))
   (cand (r ?r) (c ?c) (v ?v))
   (not (cand (r ?r) (c ?c) (v ~?v)))
   =>
   (bind ?*placed* (+ ?*placed* 1))
   (printout t "naked single: r" ?r "c" ?c " = " ?v crlf)
   (modify ?cell (v ?v)))

(defrule hidden-single
   (declare (salience 5))
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
