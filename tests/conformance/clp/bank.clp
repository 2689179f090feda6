;;; bank.clp -- a bank with two tellers and one queue, simulated minute by
;;; minute. Customers' arrival gaps and service times come from a small linear
;;; congruential generator (a deffunction over a defglobal), so every run is
;;; the same. The earliest waiting customer goes to the first free teller;
;;; when nobody can be served the clock ticks. At the end: each customer's wait
;;; as a bar of stars (built with while), the tellers' loads and the averages.

(defglobal ?*seed* = 2024)
(defglobal ?*total-wait* = 0)
(defglobal ?*served* = 0)

(deftemplate customer
   (slot id)
   (slot arrive)
   (slot service)
   (slot status (default waiting))
   (slot start (default -1))
   (slot teller (default none)))

(deftemplate teller
   (slot name)
   (slot free-at (default 0))
   (slot served (default 0))
   (slot busy (default 0)))

(deftemplate clock
   (slot t (default 0)))

(deffunction draw (?lo ?hi)
   "the next number of the generator, between ?lo and ?hi"
   (bind ?*seed* (mod (+ (* ?*seed* 75) 74) 65537))
   (+ ?lo (mod ?*seed* (+ (- ?hi ?lo) 1))))

(deffunction stars (?n)
   (bind ?bar "")
   (while (< (str-length ?bar) ?n) do
      (bind ?bar (str-cat ?bar "*")))
   ?bar)

(deffacts bank
   (teller (name ann))
   (teller (name bob))
   (clock)
   (customers 16))

(defrule open-doors
   (declare (salience 20))
   ?c <- (customers ?n)
   =>
   (retract ?c)
   (bind ?t 0)
   (loop-for-count (?i 1 ?n) do
      (bind ?t (+ ?t (draw 0 3)))
      (assert (customer (id ?i) (arrive ?t) (service (draw 2 7)))))
   (printout t ?n " customers, the last arriving at minute " ?t crlf))

(defrule serve
   (declare (salience 10))
   (clock (t ?t))
   ?c <- (customer (id ?id) (arrive ?a&:(<= ?a ?t)) (service ?s) (status waiting))
   (not (customer (status waiting) (id ?other&:(< ?other ?id))))
   ?w <- (teller (name ?n) (free-at ?f&:(<= ?f ?t)) (served ?k) (busy ?b))
   (not (teller (free-at ?f2&:(<= ?f2 ?t)) (name ?n2&:(< (str-compare ?n2 ?n) 0))))
   =>
   (bind ?*total-wait* (+ ?*total-wait* (- ?t ?a)))
   (bind ?*served* (+ ?*served* 1))
   (modify ?c (status served) (start ?t) (teller ?n))
   (modify ?w (free-at (+ ?t ?s)) (served (+ ?k 1)) (busy (+ ?b ?s)))
   (printout t "minute " ?t ": " ?n " serves customer " ?id
         (if (> ?t ?a) then (str-cat " after " (- ?t ?a) " min") else " at once") crlf))

(defrule tick
   ?k <- (clock (t ?t))
   (exists (customer (status waiting)))
   =>
   (modify ?k (t (+ ?t 1))))

(defrule closing-time
   (declare (salience -10))
   (clock (t ?t))
   (not (customer (status waiting)))
   =>
   (printout t "the queue is empty at minute " ?t crlf)
   (assert (report 1)))

(defrule report-customer
   (declare (salience -10))
   ?r <- (report ?id)
   (customer (id ?id) (arrive ?a) (start ?s) (teller ?n))
   =>
   (retract ?r)
   (printout t "customer " ?id " waited " (- ?s ?a) " " (stars (- ?s ?a)) crlf)
   (assert (report (+ ?id 1))))

(defrule report-tellers
   (declare (salience -20))
   (teller (name ?n) (served ?k) (busy ?b) (free-at ?f))
   =>
   (printout t ?n " served " ?k " customers, busy " ?b " minutes, free at " ?f crlf))

(defrule report-average
   (declare (salience -30))
   (clock (t ?t))
   =>
   (printout t "average wait " (/ ?*total-wait* ?*served*) " minutes ("
         (round (/ ?*total-wait* ?*served*)) " rounded), "
         (integer (* 100 (/ ?*served* ?t))) " customers per 100 minutes" crlf))
