;;; monkey.clp -- monkey and bananas: a goal-driven planner. The monkey, at the
;;; door with a toy in its hands, wants the bananas hanging from the ceiling in
;;; the middle of the room; the ladder stands by the window. Once fed, it is
;;; to take its toy to the window. Goals spawn
;;; subgoals until an action can be taken; a goal is dropped when it holds.
;;; Goals form a stack: only the newest goal (the highest id) is worked on.

(deftemplate monkey
   (slot at)
   (slot on (default floor))
   (slot holding (default nothing)))

(deftemplate thing
   (slot name)
   (slot at)
   (slot on (default floor)))

(deftemplate goal
   (slot id)
   (slot what)
   (slot arg)
   (slot to (default none)))

(defglobal ?*steps* = 0)
(defglobal ?*goals* = 2)

(deffunction push (?what ?arg ?to)
   (bind ?*goals* (+ ?*goals* 1))
   (assert (goal (id ?*goals*) (what ?what) (arg ?arg) (to ?to))))

(deffunction step (?text)
   (bind ?*steps* (+ ?*steps* 1))
   (printout t ?*steps* ". " ?text crlf))

(deffacts room
   (monkey (at door) (holding toy))
   (thing (name toy) (at door) (on monkey))
   (thing (name ladder) (at window))
   (thing (name bananas) (at middle) (on ceiling))
   (goal (id 1) (what move) (arg toy) (to window))
   (goal (id 2) (what eat) (arg bananas)))

;;; ---- goals that already hold

(defrule hold-achieved
   (declare (salience 10))
   ?g <- (goal (what hold) (arg ?x))
   (monkey (holding ?x))
   =>
   (retract ?g))

(defrule walk-achieved
   (declare (salience 10))
   ?g <- (goal (what walk) (to ?p))
   (monkey (at ?p))
   =>
   (retract ?g))

(defrule move-achieved
   (declare (salience 10))
   ?g <- (goal (what move) (arg ?x) (to ?p))
   (thing (name ?x) (at ?p) (on floor))
   =>
   (retract ?g))

;;; ---- eating

(defrule eat
   ?g <- (goal (id ?id) (what eat) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   ?m <- (monkey (holding ?x))
   ?t <- (thing (name ?x))
   =>
   (retract ?g ?t)
   (modify ?m (holding nothing))
   (step (str-cat "The monkey eats the " ?x ".")))

(defrule eat-needs-hold
   (goal (id ?id) (what eat) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   (monkey (holding ~?x))
   =>
   (push hold ?x none))

;;; ---- holding a thing

(defrule grab-from-floor
   ?g <- (goal (id ?id) (what hold) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   ?t <- (thing (name ?x) (at ?p) (on floor))
   ?m <- (monkey (at ?p) (on floor) (holding nothing))
   =>
   (retract ?g)
   (modify ?t (on monkey))
   (modify ?m (holding ?x))
   (step (str-cat "The monkey picks up the " ?x " at the " ?p ".")))

(defrule grab-from-ceiling
   ?g <- (goal (id ?id) (what hold) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   ?t <- (thing (name ?x) (at ?p) (on ceiling))
   ?m <- (monkey (at ?p) (on ladder) (holding nothing))
   =>
   (retract ?g)
   (modify ?t (on monkey))
   (modify ?m (holding ?x))
   (step (str-cat "The monkey grabs the " ?x " from the ceiling.")))

(defrule hold-needs-walk
   (goal (id ?id) (what hold) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?x) (at ?p) (on floor))
   (monkey (at ~?p))
   =>
   (push walk none ?p))

(defrule hold-needs-empty-hands
   (goal (id ?id) (what hold) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?x) (on ~monkey))
   (monkey (holding ?h&~nothing&~?x))
   =>
   (push drop ?h none))

(defrule hold-needs-ladder
   (goal (id ?id) (what hold) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?x) (at ?p) (on ceiling))
   (monkey (on ~ladder))
   =>
   (push climb ladder ?p))

;;; ---- dropping, walking, climbing

(defrule drop
   ?g <- (goal (id ?id) (what drop) (arg ?x))
   (not (goal (id ?top&:(> ?top ?id))))
   ?m <- (monkey (holding ?x) (at ?p))
   ?t <- (thing (name ?x))
   =>
   (retract ?g)
   (modify ?t (at ?p) (on floor))
   (modify ?m (holding nothing))
   (step (str-cat "The monkey drops the " ?x " at the " ?p ".")))

(defrule walk
   ?g <- (goal (id ?id) (what walk) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   ?m <- (monkey (at ?q&~?p) (on floor) (holding ?h))
   =>
   (retract ?g)
   (modify ?m (at ?p))
   (if (eq ?h nothing)
    then (step (str-cat "The monkey walks from the " ?q " to the " ?p "."))
    else (step (str-cat "The monkey carries the " ?h " from the " ?q " to the " ?p "."))))

(defrule walk-needs-floor
   (goal (id ?id) (what walk) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   ?m <- (monkey (at ~?p) (on ladder))
   =>
   (modify ?m (on floor))
   (step "The monkey climbs down."))

(defrule climb
   ?g <- (goal (id ?id) (what climb) (arg ?l) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?l) (at ?p) (on floor))
   ?m <- (monkey (at ?p) (on floor) (holding nothing))
   =>
   (retract ?g)
   (modify ?m (on ?l))
   (step (str-cat "The monkey climbs the " ?l " at the " ?p ".")))

(defrule climb-needs-ladder-there
   (goal (id ?id) (what climb) (arg ?l) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?l) (at ~?p))
   =>
   (push move ?l ?p))

(defrule climb-needs-monkey-there
   (goal (id ?id) (what climb) (arg ?l) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?l) (at ?p) (on floor))
   (monkey (at ~?p))
   =>
   (push walk none ?p))

(defrule climb-needs-empty-hands
   (goal (id ?id) (what climb) (arg ?l) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?l) (at ?p) (on floor))
   (monkey (at ?p) (holding ?h&~nothing))
   =>
   (push drop ?h none))

;;; ---- moving a thing: hold it, carry it there, put it down

(defrule move-needs-hold
   (goal (id ?id) (what move) (arg ?x) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (thing (name ?x) (at ~?p) (on ~monkey))
   =>
   (push hold ?x none))

(defrule move-carry
   (goal (id ?id) (what move) (arg ?x) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   (monkey (holding ?x) (at ~?p))
   =>
   (push walk none ?p))

(defrule move-put-down
   ?g <- (goal (id ?id) (what move) (arg ?x) (to ?p))
   (not (goal (id ?top&:(> ?top ?id))))
   ?m <- (monkey (holding ?x) (at ?p))
   ?t <- (thing (name ?x))
   =>
   (retract ?g)
   (modify ?t (at ?p) (on floor))
   (modify ?m (holding nothing))
   (step (str-cat "The monkey puts the " ?x " down at the " ?p ".")))

;;; ---- the end

(defrule satisfied
   (declare (salience -10))
   (not (goal))
   (not (thing (name bananas)))
   =>
   (printout t "The monkey is happy after " ?*steps* " steps." crlf))

(defrule stuck
   (declare (salience -10))
   (goal (what ?w) (arg ?a))
   =>
   (printout t "Stuck on goal " ?w " " ?a crlf))
