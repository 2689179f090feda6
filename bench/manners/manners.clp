;;;; Miss Manners: seat guests so that neighbours alternate sex and share a hobby.
;;;; pyengine's own copy of the classic OPS5/CLIPS benchmark rules (the guests come
;;;; from guests.py: ``python bench/manners/guests.py 64 > manners64.clp``).
;;;; Depth-first search over partial seatings: each (seating) extends its parent
;;;; (pid) by one guest, and (path) facts list who sits where in each seating.

(deftemplate guest (slot name) (slot sex) (slot hobby))
(deftemplate last_seat (slot seat))
(deftemplate seating
   (slot seat1) (slot name1) (slot name2) (slot seat2)
   (slot id) (slot pid) (slot path_done))
(deftemplate context (slot state))
(deftemplate path (slot id) (slot name) (slot seat))
(deftemplate chosen (slot id) (slot name) (slot hobby))
(deftemplate count (slot c))

;; The first guest takes seat 1.
(defrule assign_first_seat
   ?ctx <- (context (state start))
   (guest (name ?n))
   ?cnt <- (count (c ?c))
   =>
   (assert (seating (seat1 1) (name1 ?n) (name2 ?n) (seat2 1)
                    (id ?c) (pid 0) (path_done yes)))
   (assert (path (id ?c) (name ?n) (seat 1)))
   (modify ?cnt (c (+ ?c 1)))
   (modify ?ctx (state assign_seats)))

;; Seat next to the last guest someone of the other sex with a shared hobby who is
;; not seated yet in this seating and was not tried there with that hobby.
(defrule find_seating
   ?ctx <- (context (state assign_seats))
   (seating (seat2 ?seat2) (name2 ?n2) (id ?id) (path_done yes))
   (guest (name ?n2) (sex ?s1) (hobby ?h1))
   (guest (name ?g2) (sex ~?s1) (hobby ?h1))
   ?cnt <- (count (c ?c))
   (not (path (id ?id) (name ?g2)))
   (not (chosen (id ?id) (name ?g2) (hobby ?h1)))
   =>
   (assert (seating (seat1 ?seat2) (name1 ?n2) (name2 ?g2) (seat2 (+ ?seat2 1))
                    (id ?c) (pid ?id) (path_done no)))
   (assert (path (id ?c) (name ?g2) (seat (+ ?seat2 1))))
   (assert (chosen (id ?id) (name ?g2) (hobby ?h1)))
   (modify ?cnt (c (+ ?c 1)))
   (modify ?ctx (state make_path)))

;; Copy the parent seating's places into the new seating.
(defrule make_path
   (context (state make_path))
   (seating (id ?id) (pid ?pid) (path_done no))
   (path (id ?pid) (name ?n1) (seat ?s))
   (not (path (id ?id) (name ?n1)))
   =>
   (assert (path (id ?id) (name ?n1) (seat ?s))))

;; All places copied: the new seating is complete.
(defrule path_done
   ?ctx <- (context (state make_path))
   ?s <- (seating (path_done no))
   =>
   (modify ?s (path_done yes))
   (modify ?ctx (state check_done)))

;; The last seat is taken: done.
(defrule are_we_done
   ?ctx <- (context (state check_done))
   (last_seat (seat ?last))
   (seating (seat2 ?last))
   =>
   (modify ?ctx (state print_results)))

;; Not yet: seat another guest.
(defrule continue
   ?ctx <- (context (state check_done))
   =>
   (modify ?ctx (state assign_seats)))

;; Print the seating that reached the last seat, one place per firing.
(defrule print_results
   (context (state print_results))
   (seating (id ?id) (seat2 ?last))
   (last_seat (seat ?last))
   ?p <- (path (id ?id) (name ?n) (seat ?s))
   =>
   (retract ?p)
   (printout t ?n " " ?s crlf))

(defrule all_done
   (context (state print_results))
   =>
   (halt))
