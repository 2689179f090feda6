;;; routes.clp -- shortest routes between towns by relaxation (Bellman-Ford
;;; by rules): a town's distance is set when a road first reaches it and
;;; lowered whenever a shorter way is found. Then each route is printed by
;;; walking back along the "via" links, and towns no road reaches are named.

(deftemplate dist
   (slot town)
   (slot d)
   (slot via (default none)))

(deftemplate route
   (slot to)
   (slot at)
   (multislot towns))

(defglobal ?*relaxed* = 0)

(deffacts map
   (road amber birch 7)   (road amber cedar 9)   (road amber fern 14)
   (road birch cedar 10)  (road birch dune 15)   (road cedar dune 11)
   (road cedar fern 2)    (road dune elm 6)      (road elm fern 9)
   (road fern glen 3)     (road glen elm 2)      (road glen hill 12)
   (road elm hill 4)      (road hill ivy 1)      (road dune ivy 20)
   (road jade kiln 5)
   (town amber) (town birch) (town cedar) (town dune) (town elm)
   (town fern) (town glen) (town hill) (town ivy) (town jade) (town kiln)
   (dist (town amber) (d 0)))

;;; roads go both ways
(defrule two-way
   (declare (salience 10))
   (road ?a ?b ?w)
   (not (road ?b ?a ?w))
   =>
   (assert (road ?b ?a ?w)))

(defrule reach
   (road ?a ?b ?w)
   (dist (town ?a) (d ?da))
   (not (dist (town ?b)))
   =>
   (assert (dist (town ?b) (d (+ ?da ?w)) (via ?a))))

(defrule shorter
   (road ?a ?b ?w)
   (dist (town ?a) (d ?da))
   ?f <- (dist (town ?b) (d ?db&:(> ?db (+ ?da ?w))))
   =>
   (bind ?*relaxed* (+ ?*relaxed* 1))
   (modify ?f (d (+ ?da ?w)) (via ?a)))

;;; ---- routes, walked back from each town to amber

(defrule start-route
   (declare (salience -10))
   (dist (town ?t) (via ?v&~none))
   =>
   (assert (route (to ?t) (at ?v) (towns ?t))))

(defrule walk-back
   (declare (salience -10))
   ?r <- (route (at ?x&~none) (towns $?ts))
   (dist (town ?x) (via ?v))
   =>
   (modify ?r (at ?v) (towns ?x $?ts)))

(defrule print-route
   (declare (salience -20))
   (route (to ?t) (at none) (towns $?ts))
   (dist (town ?t) (d ?d))
   =>
   (bind ?text (nth$ 1 ?ts))
   (progn$ (?x (rest$ ?ts)) (bind ?text (str-cat ?text " > " ?x)))
   (printout t ?t " " ?d ": " ?text crlf))

(defrule unreachable
   (declare (salience -20))
   (town ?t)
   (not (dist (town ?t)))
   =>
   (printout t ?t " cannot be reached" crlf))

(defrule farthest
   (declare (salience -30))
   (dist (town ?t) (d ?d))
   (not (dist (d ?e&:(> ?e ?d))))
   =>
   (printout t "farthest: " ?t " at " ?d crlf))
