;;; waltz.clp -- Waltz filtering of line labels on a small drawing: a cube seen
;;; from above one corner and a triangular prism lying beside it.
;;;
;;; The cube's outline is given, the prism's is not: the cube's lines come out
;;; labelled, some of the prism's stay ambiguous.
;;;
;;; A line's label, seen from one of its junctions: plus (convex edge), minus
;;; (concave edge), out or in (an occluding boundary whose arrow leaves or enters
;;; the junction; the object lies on the arrow's right). Arms are listed
;;; clockwise; an arrow lists its two barbs then its shaft, an L junction first
;;; the arm from which the smaller angle opens clockwise.
;;;
;;; Each junction starts with every labelling its type allows; a labelling is
;;; dropped when one of its lines has no partner label at the other end (or
;;; goes against the outline, which is traced clockwise with the object inside).
;;; A labelling's arms hang on it by logical support and vanish with it.

(deftemplate junction
   (slot name)
   (slot type)
   (multislot arms))

(deftemplate cand
   (slot id)
   (slot j)
   (multislot labels))

(deftemplate arm
   (slot cand)
   (slot j)
   (slot to)
   (slot label))

(defglobal ?*dropped* = 0)

(deffacts catalogue
   (catalog L out in) (catalog L in out) (catalog L plus in)
   (catalog L out plus) (catalog L minus out) (catalog L in minus)
   (catalog fork plus plus plus) (catalog fork minus minus minus)
   (catalog fork out in minus) (catalog fork minus out in) (catalog fork in minus out)
   (catalog arrow out in plus) (catalog arrow minus minus plus)
   (catalog arrow plus plus minus))

(deffacts drawing
   (junction (name ctop) (type L) (arms cur cul))
   (junction (name cur) (type arrow) (arms clr ctop cmid))
   (junction (name clr) (type L) (arms cbot cur))
   (junction (name cbot) (type arrow) (arms cll clr cmid))
   (junction (name cll) (type L) (arms cul cbot))
   (junction (name cul) (type arrow) (arms ctop cll cmid))
   (junction (name cmid) (type fork) (arms cbot cul cur))
   (junction (name tp) (type arrow) (arms tp2 tq tr))
   (junction (name tq) (type L) (arms tp tr))
   (junction (name tr) (type arrow) (arms tq tr2 tp))
   (junction (name tr2) (type L) (arms tr tp2))
   (junction (name tp2) (type L) (arms tr2 tp))
   (line cmid cbot)
   (line cmid cur)
   (line cmid cul)
   (line ctop cur)
   (line cur clr)
   (line clr cbot)
   (line cbot cll)
   (line cll cul)
   (line cul ctop)
   (line tp tq)
   (line tq tr)
   (line tr tp)
   (line tr tr2)
   (line tr2 tp2)
   (line tp2 tp)
   (boundary ctop cur)
   (boundary cur clr)
   (boundary clr cbot)
   (boundary cbot cll)
   (boundary cll cul)
   (boundary cul ctop))

(deffunction compatible (?here ?there)
   (or (and (eq ?here plus) (eq ?there plus))
       (and (eq ?here minus) (eq ?there minus))
       (and (eq ?here out) (eq ?there in))
       (and (eq ?here in) (eq ?there out))))

;;; ---- every labelling of every junction, each with its arms

(defrule expand
   (declare (salience 10))
   (junction (name ?j) (type ?t))
   (catalog ?t $?labels)
   =>
   (assert (cand (id (gensym)) (j ?j) (labels $?labels))))

(defrule make-arms
   (declare (salience 5))
   (logical (cand (id ?id) (j ?j) (labels $?ls)))
   (junction (name ?j) (arms $?arms))
   =>
   (progn$ (?k $?arms)
      (assert (arm (cand ?id) (j ?j) (to ?k) (label (nth$ ?k-index $?ls))))))

;;; ---- the outline: out when it leaves the junction clockwise, in when it arrives

(defrule outline-leaves
   (declare (salience 2))
   (boundary ?j ?k)
   ?c <- (cand (id ?id) (j ?j))
   (arm (cand ?id) (to ?k) (label ~out))
   =>
   (bind ?*dropped* (+ ?*dropped* 1))
   (retract ?c))

(defrule outline-arrives
   (declare (salience 2))
   (boundary ?k ?j)
   ?c <- (cand (id ?id) (j ?j))
   (arm (cand ?id) (to ?k) (label ~in))
   =>
   (bind ?*dropped* (+ ?*dropped* 1))
   (retract ?c))

;;; ---- Waltz filtering: no labelling at the far end agrees with this line

(defrule no-partner
   ?c <- (cand (id ?id) (j ?j) (labels $?ls))
   (arm (cand ?id) (to ?k) (label ?l))
   (not (arm (j ?k) (to ?j) (label ?l2&:(compatible ?l ?l2))))
   =>
   (bind ?*dropped* (+ ?*dropped* 1))
   (printout t "drop " ?j " " (implode$ ?ls) ": nothing at " ?k " fits " ?l crlf)
   (retract ?c))

;;; ---- the result

(defrule line-labelled
   (declare (salience -10))
   (line ?a ?b)
   (arm (j ?a) (to ?b) (label ?l))
   (not (arm (j ?a) (to ?b) (label ~?l)))
   =>
   (assert (labelled ?a ?b ?l))
   (printout t "line " ?a "-" ?b ": " ?l crlf))

(defrule line-ambiguous
   (declare (salience -10))
   (line ?a ?b)
   (arm (j ?a) (to ?b) (label ?l1))
   (arm (j ?a) (to ?b) (label ?l2&~?l1))
   (test (< (str-compare ?l1 ?l2) 0))
   (not (ambiguous ?a ?b ?l1 ?l2))
   =>
   (assert (ambiguous ?a ?b ?l1 ?l2))
   (printout t "line " ?a "-" ?b ": " ?l1 " or " ?l2 crlf))

(defrule summary
   (declare (salience -20))
   (not (summary-done))
   =>
   (assert (summary-done))
   (printout t ?*dropped* " labellings dropped" crlf))
