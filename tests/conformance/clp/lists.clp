;;; lists.clp -- multislot lists handled by patterns: bubble sort by swapping
;;; any two adjacent elements out of order, duplicates removed, two sorted
;;; lists merged, a queue rotated; and by functions: insertion sort (insert$),
;;; reversal, replace$, delete$, member$ and subseq$.

(defglobal ?*swaps* = 0)

(deftemplate numbers
   (slot name)
   (multislot items))

(deftemplate merge
   (multislot left)
   (multislot right)
   (multislot out))

(deffacts lists
   (numbers (name a) (items 5 3 8 1 9 2 7 4 6))
   (numbers (name b) (items 10 -2 33 7 7 0 15 -8))
   (bag red green red blue green yellow red)
   (merge (left 1 4 9 16 25) (right 2 3 5 7 11 13))
   (queue alpha beta gamma delta)
   (rotations 6)
   (unsorted 31 4 15 9 26 5 3 58))

;;; ---- bubble sort: any inverted neighbours swap places

(defrule swap
   ?f <- (numbers (items $?a ?x ?y&:(< ?y ?x) $?b))
   =>
   (bind ?*swaps* (+ ?*swaps* 1))
   (modify ?f (items $?a ?y ?x $?b)))

(defrule sorted
   (declare (salience -10))
   (numbers (name ?n) (items $?items))
   (not (numbers (name ?n) (items $? ?x ?y&:(< ?y ?x) $?)))
   =>
   (printout t "list " ?n " sorted: " (implode$ ?items)
               " (min " (nth$ 1 ?items) ", max " (nth$ (length$ ?items) ?items) ")" crlf))

;;; ---- a bag without duplicates

(defrule drop-duplicate
   ?b <- (bag $?a ?x $?m ?x $?z)
   =>
   (retract ?b)
   (assert (bag $?a ?x $?m $?z)))

(defrule bag-done
   (declare (salience -10))
   (bag $?items)
   (not (bag $? ?x $? ?x $?))
   =>
   (printout t "bag of " (length$ ?items) " colours: " (implode$ ?items) crlf))

;;; ---- merging two sorted lists

(defrule take-left
   ?m <- (merge (left ?x $?l) (right ?y $?r) (out $?o))
   (test (<= ?x ?y))
   =>
   (modify ?m (left $?l) (out $?o ?x)))

(defrule take-right
   ?m <- (merge (left ?x $?l) (right ?y $?r) (out $?o))
   (test (> ?x ?y))
   =>
   (modify ?m (right $?r) (out $?o ?y)))

(defrule merge-rest
   ?m <- (merge (left $?l) (right $?r) (out $?o))
   (test (or (= (length$ ?l) 0) (= (length$ ?r) 0)))
   (test (> (+ (length$ ?l) (length$ ?r)) 0))
   =>
   (modify ?m (left) (right) (out $?o $?l $?r)))

(defrule merge-done
   (merge (left) (right) (out $?o))
   =>
   (printout t "merged: " (implode$ ?o) crlf))

;;; ---- a queue rotated a few times

(defrule rotate
   ?q <- (queue ?head $?rest)
   ?r <- (rotations ?n&:(> ?n 0))
   =>
   (retract ?q ?r)
   (assert (queue $?rest ?head))
   (assert (rotations (- ?n 1)))
   (printout t "rotated: " (implode$ (create$ $?rest ?head)) crlf))

;;; ---- the list functions

(deffunction insert-sorted (?x ?list)
   (bind ?i 1)
   (while (and (<= ?i (length$ ?list)) (< (nth$ ?i ?list) ?x)) do
      (bind ?i (+ ?i 1)))
   (insert$ ?list ?i ?x))

(deffunction insertion-sort (?list)
   (bind ?out (create$))
   (foreach ?x ?list
      (bind ?out (insert-sorted ?x ?out)))
   ?out)

(deffunction reverse-list (?list)
   (if (= (length$ ?list) 0)
    then (create$)
    else (create$ (reverse-list (rest$ ?list)) (first$ ?list))))

(defrule list-functions
   (declare (salience -20))
   ?u <- (unsorted $?items)
   =>
   (retract ?u)
   (bind ?sorted (insertion-sort ?items))
   (printout t "insertion sort: " (implode$ ?sorted) crlf)
   (printout t "reversed: " (implode$ (reverse-list ?sorted)) crlf)
   (printout t "58 is at " (member$ 58 ?items) ", 42 is at " (member$ 42 ?items) crlf)
   (printout t "without the 2nd to 4th: " (implode$ (delete$ ?items 2 4)) crlf)
   (printout t "3rd replaced: " (implode$ (replace$ ?items 3 3 fifteen)) crlf)
   (printout t "middle four: " (implode$ (subseq$ ?items 3 6)) crlf)
   (printout t "as a list: " ?sorted crlf)
   (bind ?sum 0)
   (progn$ (?x ?items) (bind ?sum (+ ?sum ?x)))
   (printout t "sum " ?sum ", mean " (/ ?sum (length$ ?items)) crlf)
   (assert (sorted-items ?sorted)))

(defrule report-swaps
   (declare (salience -30))
   (numbers (name a))
   =>
   (printout t ?*swaps* " swaps" crlf))
