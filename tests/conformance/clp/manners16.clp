;;; manners16.clp -- Miss Manners with 16 guests: seat them along a table so
;;; that the sexes alternate and every two neighbours share a hobby. Seatings
;;; grow one seat at a time; each new seating copies its parent's path, the
;;; guests it has seated. A context fact moves the rules from phase to phase.
;;; Only the newest seating is extended (its id is the count's last), so the
;;; search is the same length under every strategy; every two guests here share
;;; a hobby and the sexes are even, so the greedy choice never fails.

(deftemplate guest
   (slot name)
   (slot sex)
   (slot hobby))

(deftemplate last-seat
   (slot seat))

(deftemplate count
   (slot c (default 1)))

(deftemplate context
   (slot state (default start)))

(deftemplate seating
   (slot seat1)
   (slot name1)
   (slot name2)
   (slot seat2)
   (slot id)
   (slot pid)
   (slot path-done (default no)))

(deftemplate path
   (slot id)
   (slot name)
   (slot seat))

(deftemplate chosen
   (slot id)
   (slot name)
   (slot hobby))

(deffacts guests
   (guest (name ann) (sex f) (hobby h1))
   (guest (name ann) (sex f) (hobby h2))
   (guest (name ann) (sex f) (hobby h4))
   (guest (name ben) (sex m) (hobby h1))
   (guest (name ben) (sex m) (hobby h2))
   (guest (name ben) (sex m) (hobby h3))
   (guest (name cora) (sex f) (hobby h2))
   (guest (name cora) (sex f) (hobby h3))
   (guest (name cora) (sex f) (hobby h4))
   (guest (name dev) (sex m) (hobby h2))
   (guest (name dev) (sex m) (hobby h3))
   (guest (name dev) (sex m) (hobby h4))
   (guest (name ella) (sex f) (hobby h1))
   (guest (name ella) (sex f) (hobby h2))
   (guest (name ella) (sex f) (hobby h3))
   (guest (name finn) (sex m) (hobby h1))
   (guest (name finn) (sex m) (hobby h2))
   (guest (name finn) (sex m) (hobby h4))
   (guest (name gwen) (sex f) (hobby h1))
   (guest (name gwen) (sex f) (hobby h2))
   (guest (name gwen) (sex f) (hobby h3))
   (guest (name hugo) (sex m) (hobby h1))
   (guest (name hugo) (sex m) (hobby h3))
   (guest (name hugo) (sex m) (hobby h4))
   (guest (name iris) (sex f) (hobby h2))
   (guest (name iris) (sex f) (hobby h3))
   (guest (name iris) (sex f) (hobby h4))
   (guest (name jon) (sex m) (hobby h2))
   (guest (name jon) (sex m) (hobby h3))
   (guest (name jon) (sex m) (hobby h4))
   (guest (name kira) (sex f) (hobby h2))
   (guest (name kira) (sex f) (hobby h3))
   (guest (name kira) (sex f) (hobby h4))
   (guest (name leo) (sex m) (hobby h2))
   (guest (name leo) (sex m) (hobby h3))
   (guest (name leo) (sex m) (hobby h4))
   (guest (name maya) (sex f) (hobby h2))
   (guest (name maya) (sex f) (hobby h3))
   (guest (name maya) (sex f) (hobby h4))
   (guest (name ned) (sex m) (hobby h1))
   (guest (name ned) (sex m) (hobby h3))
   (guest (name ned) (sex m) (hobby h4))
   (guest (name opal) (sex f) (hobby h2))
   (guest (name opal) (sex f) (hobby h3))
   (guest (name opal) (sex f) (hobby h4))
   (guest (name piet) (sex m) (hobby h2))
   (guest (name piet) (sex m) (hobby h3))
   (guest (name piet) (sex m) (hobby h4))
   (last-seat (seat 16)))

(deffacts control
   (context)
   (count))

;;; ---- seat 1: anybody

(defrule assign-first-seat
   ?ctx <- (context (state start))
   (guest (name ?n))
   ?c <- (count (c ?cnt))
   =>
   (assert (seating (seat1 1) (name1 ?n) (name2 ?n) (seat2 1) (id ?cnt) (pid 0)
                    (path-done yes)))
   (assert (path (id ?cnt) (name ?n) (seat 1)))
   (modify ?c (c (+ ?cnt 1)))
   (printout t "seat 1: " ?n crlf)
   (modify ?ctx (state assign-seats)))

;;; ---- the next seat: a guest of the other sex who shares a hobby with the
;;; last one seated, not yet on this path, not tried here with this hobby

(defrule find-seating
   ?ctx <- (context (state assign-seats))
   ?c <- (count (c ?cnt))
   (seating (seat2 ?s2) (name2 ?n2) (id ?id&=(- ?cnt 1)) (path-done yes))
   (guest (name ?n2) (sex ?sx) (hobby ?h))
   (guest (name ?g) (sex ~?sx) (hobby ?h))
   (not (path (id ?id) (name ?g)))
   (not (chosen (id ?id) (name ?g) (hobby ?h)))
   =>
   (assert (seating (seat1 ?s2) (name1 ?n2) (name2 ?g) (seat2 (+ ?s2 1)) (id ?cnt) (pid ?id)))
   (assert (path (id ?cnt) (name ?g) (seat (+ ?s2 1))))
   (assert (chosen (id ?id) (name ?g) (hobby ?h)))
   (modify ?c (c (+ ?cnt 1)))
   (printout t "seat " (+ ?s2 1) ": " ?g " (shares " ?h " with " ?n2 ")" crlf)
   (modify ?ctx (state make-path)))

;;; ---- the new seating's path: every guest of its parent's path

(defrule make-path
   (context (state make-path))
   (seating (id ?id) (pid ?pid) (path-done no))
   (path (id ?pid) (name ?n) (seat ?s))
   (not (path (id ?id) (name ?n)))
   =>
   (assert (path (id ?id) (name ?n) (seat ?s))))

(defrule path-done
   (declare (salience -1))
   ?ctx <- (context (state make-path))
   ?s <- (seating (path-done no))
   =>
   (modify ?s (path-done yes))
   (modify ?ctx (state check-done)))

(defrule are-we-done
   ?ctx <- (context (state check-done))
   (last-seat (seat ?last))
   (seating (seat2 ?last))
   =>
   (printout t "everyone is seated" crlf)
   (modify ?ctx (state print-results)))

(defrule continue
   (declare (salience -1))
   ?ctx <- (context (state check-done))
   =>
   (modify ?ctx (state assign-seats)))

;;; ---- the table, seat by seat

(defrule print-results
   (context (state print-results))
   (last-seat (seat ?last))
   (seating (id ?id) (seat2 ?last))
   ?p <- (path (id ?id) (name ?n) (seat ?s))
   (guest (name ?n) (sex ?sx))
   =>
   (retract ?p)
   (printout t "  " ?s " " ?n " " ?sx crlf))

(defrule all-done
   (declare (salience -1))
   (context (state print-results))
   =>
   (printout t "done" crlf)
   (halt))
