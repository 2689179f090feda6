;;;; A 4x4 sudoku: the digits 1 to 4 once in each row, column and 2x2 box.  Each
;;;; empty cell gets the four digits as candidates, a placed digit strikes itself out
;;;; of its row, column and box, and a cell with one candidate left takes it.
;;;; Open it, from the repository root, with:
;;;;     pyengine shell clp docs/examples/sudoku-mini.clp
;;;; `pyengine serve clp docs/examples/sudoku-mini.clp` draws these two grids (the
;;;; comments below ask for them; docs/web.md, "Pictures for your own programs"):
; @picture grid cell row=row col=col value=value
; @picture grid candidate

(deftemplate cell (slot row) (slot col) (slot box) (slot value))
(deftemplate empty (slot row) (slot col) (slot box))
(deftemplate candidate (slot row) (slot col) (slot box) (slot value))

(deffacts puzzle
   (digit 1) (digit 2) (digit 3) (digit 4)
   (cell (row 1) (col 1) (box 1) (value 1))
   (empty (row 1) (col 2) (box 1))
   (empty (row 1) (col 3) (box 2))
   (cell (row 1) (col 4) (box 2) (value 4))
   (empty (row 2) (col 1) (box 1))
   (cell (row 2) (col 2) (box 1) (value 4))
   (cell (row 2) (col 3) (box 2) (value 1))
   (empty (row 2) (col 4) (box 2))
   (cell (row 3) (col 1) (box 3) (value 2))
   (empty (row 3) (col 2) (box 3))
   (empty (row 3) (col 3) (box 4))
   (cell (row 3) (col 4) (box 4) (value 3))
   (empty (row 4) (col 1) (box 3))
   (cell (row 4) (col 2) (box 3) (value 3))
   (cell (row 4) (col 3) (box 4) (value 2))
   (empty (row 4) (col 4) (box 4)))

;;; Every digit may go in an empty cell, to begin with.
(defrule candidates
   (declare (salience 10))
   (empty (row ?r) (col ?c) (box ?b))
   (digit ?d)
   =>
   (assert (candidate (row ?r) (col ?c) (box ?b) (value ?d))))

;;; A digit placed in a row is no candidate elsewhere in it; so for columns and boxes.
(defrule strike-row
   (declare (salience 5))
   ?k <- (candidate (row ?r) (value ?d))
   (cell (row ?r) (value ?d))
   =>
   (retract ?k))

(defrule strike-col
   (declare (salience 5))
   ?k <- (candidate (col ?c) (value ?d))
   (cell (col ?c) (value ?d))
   =>
   (retract ?k))

(defrule strike-box
   (declare (salience 5))
   ?k <- (candidate (box ?b) (value ?d))
   (cell (box ?b) (value ?d))
   =>
   (retract ?k))

;;; An empty cell with one candidate left takes it.
(defrule place
   ?e <- (empty (row ?r) (col ?c) (box ?b))
   ?k <- (candidate (row ?r) (col ?c) (value ?d))
   (not (candidate (row ?r) (col ?c) (value ~?d)))
   =>
   (retract ?e ?k)
   (assert (cell (row ?r) (col ?c) (box ?b) (value ?d))))
