;;; lights.clp -- truth maintenance in a house: a room is lit only while the
;;; mains, its circuit's breaker, its switch and its bulb all allow it (logical
;;; support), and "dark" and "house-awake" hang on a not and an exists inside
;;; logical. A script of events changes the house step by step; after each
;;; step the rules report with forall, not, exists, or and test. Derived facts
;;; come and go by themselves when their support does.

(deftemplate switch
   (slot room)
   (slot circuit)
   (slot state (default on)))

(deftemplate breaker
   (slot circuit)
   (slot state (default on)))

(deftemplate bulb
   (slot room)
   (slot ok (default yes))
   (slot age (default 0))
   (slot aged-at (default 0)))

(deftemplate event
   (slot t)
   (slot kind)
   (slot what))

(deffacts house
   (mains on)
   (room kitchen) (room hall) (room study) (room bedroom)
   (switch (room kitchen) (circuit c1))
   (switch (room bedroom) (circuit c1))
   (switch (room hall) (circuit c2))
   (switch (room study) (circuit c2))
   (breaker (circuit c1))
   (breaker (circuit c2))
   (bulb (room kitchen) (age 2))
   (bulb (room hall))
   (bulb (room study) (age 1))
   (bulb (room bedroom))
   (step 0))

(deffacts script
   (event (t 1) (kind switch-off) (what kitchen))
   (event (t 2) (kind breaker-off) (what c2))
   (event (t 3) (kind smoke) (what kitchen))
   (event (t 3) (kind bulb-fails) (what bedroom))
   (event (t 4) (kind breaker-on) (what c2))
   (event (t 4) (kind clear-smoke) (what kitchen))
   (event (t 4) (kind intruder) (what bedroom))
   (event (t 5) (kind replace-bulb) (what bedroom))
   (event (t 5) (kind switch-on) (what kitchen))
   (event (t 6) (kind mains-off) (what house))
   (event (t 7) (kind mains-on) (what house)))

;;; ---- what follows from the house, for as long as it does

(defrule lit
   (logical (mains on)
            (switch (room ?r) (circuit ?c) (state on))
            (breaker (circuit ?c) (state on))
            (bulb (room ?r) (ok yes)))
   =>
   (assert (lit ?r)))

(defrule dark
   (logical (room ?r)
            (not (lit ?r)))
   =>
   (assert (dark ?r)))

(defrule awake
   (logical (exists (lit ?)))
   =>
   (assert (house-awake)))

(defrule intruder-seen
   (logical (intruder ?r)
            (lit ?r))
   =>
   (assert (caught ?r)))

;;; ---- the script: this step's events change the house

(defrule switch-off
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind switch-off) (what ?r))
   ?s <- (switch (room ?r))
   =>
   (retract ?e)
   (modify ?s (state off)))

(defrule switch-on
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind switch-on) (what ?r))
   ?s <- (switch (room ?r))
   =>
   (retract ?e)
   (modify ?s (state on)))

(defrule breaker-change
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind ?k&breaker-off|breaker-on) (what ?c))
   ?b <- (breaker (circuit ?c))
   =>
   (retract ?e)
   (modify ?b (state (if (eq ?k breaker-off) then off else on))))

(defrule bulb-fails
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind bulb-fails) (what ?r))
   ?b <- (bulb (room ?r))
   =>
   (retract ?e)
   (modify ?b (ok no)))

(defrule replace-bulb
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind replace-bulb) (what ?r))
   ?b <- (bulb (room ?r) (ok no))
   =>
   (retract ?e)
   (bind ?new (duplicate ?b (ok yes) (age 0) (aged-at ?n)))
   (printout t "step " ?n ": new bulb f-" (fact-index ?new) " replaces f-" (fact-index ?b)
               " in the " ?r crlf)
   (retract ?b))

(defrule mains
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind ?k&mains-off|mains-on))
   ?m <- (mains ?)
   =>
   (retract ?e ?m)
   (assert (mains (if (eq ?k mains-off) then off else on))))

(defrule smoke-and-intruders
   (declare (salience 20))
   (step ?n)
   ?e <- (event (t ?n) (kind ?k&smoke|clear-smoke|intruder) (what ?r))
   =>
   (retract ?e)
   (if (eq ?k smoke) then (assert (smoke ?r)))
   (if (eq ?k intruder) then (assert (intruder ?r))))

(defrule clear-smoke
   (declare (salience 25))
   (step ?n)
   (event (t ?n) (kind clear-smoke) (what ?r))
   ?s <- (smoke ?r)
   =>
   (retract ?s))

(defrule bulbs-age
   (declare (salience 15))
   (step ?n)
   ?b <- (bulb (ok yes) (age ?a) (aged-at ?m&:(< ?m ?n)))
   =>
   (modify ?b (age (+ ?a 1)) (aged-at ?n)))

;;; ---- the report after each step

(defrule report-all-lit
   (declare (salience -10))
   (step ?n)
   (forall (room ?r) (lit ?r))
   =>
   (printout t "step " ?n ": every room is lit" crlf))

(defrule report-all-dark
   (declare (salience -10))
   (step ?n)
   (not (lit ?))
   =>
   (printout t "step " ?n ": the whole house is dark" crlf))

(defrule report-dark-room
   (declare (salience -11))
   (step ?n)
   (dark ?r)
   (exists (lit ?))
   =>
   (printout t "step " ?n ": " ?r " is dark" crlf))

(defrule report-alarm
   (declare (salience -12))
   (step ?n)
   (or (smoke ?r)
       (and (intruder ?r) (dark ?r)))
   =>
   (printout t "step " ?n ": ALARM in the " ?r crlf))

(defrule report-caught
   (declare (salience -12))
   (step ?n)
   ?i <- (intruder ?r)
   (caught ?r)
   =>
   (retract ?i)
   (printout t "step " ?n ": the intruder in the " ?r " is caught in the light" crlf))

(defrule report-old-bulb
   (declare (salience -13))
   (step ?n)
   (bulb (room ?r) (ok yes) (age ?a))
   (test (>= ?a 5))
   (not (replace-soon ?r))
   =>
   (assert (replace-soon ?r))
   (printout t "step " ?n ": the bulb in the " ?r " is " ?a " steps old" crlf))

;;; ---- the clock

(defrule next-step
   (declare (salience -20))
   ?s <- (step ?n)
   (exists (event))
   =>
   (retract ?s)
   (assert (step (+ ?n 1))))

(defrule the-end
   (declare (salience -20))
   (step ?n)
   (not (event))
   (house-awake)
   =>
   (printout t "after " ?n " steps the house is awake" crlf))
