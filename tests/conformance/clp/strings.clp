;;; strings.clp -- text processing: sentences are split into words (explode$),
;;; words are counted, capitalised, reversed, checked for palindromes, sent
;;; through a Caesar cipher (str-index and sub-string over an alphabet), and
;;; sentences are put back together (implode$) backwards and in title case.

(defglobal ?*alphabet* = "abcdefghijklmnopqrstuvwxyz")

(deftemplate sentence
   (slot id)
   (slot text))

(deftemplate word
   (slot sentence)
   (slot pos)
   (slot text))

(deftemplate freq
   (slot word)
   (slot n (default 1)))

(deffacts texts
   (sentence (id 1) (text "A man a plan a canal Panama"))
   (sentence (id 2) (text "Never odd or even said the racecar driver at noon"))
   (sentence (id 3) (text "The 3 little pigs built 3 houses of straw sticks and bricks"))
   (sentence (id 4) (text "Madam Anna saw a kayak and a level rotor at the civic stats office")))

(deffunction reverse-string (?s)
   (if (<= (str-length ?s) 1)
    then ?s
    else (str-cat (reverse-string (sub-string 2 (str-length ?s) ?s))
                  (sub-string 1 1 ?s))))

(deffunction reverse$ (?list)
   (if (= (length$ ?list) 0)
    then (create$)
    else (create$ (reverse$ (rest$ ?list)) (nth$ 1 ?list))))

(deffunction capitalize (?w)
   (bind ?s (str-cat ?w))
   (str-cat (upcase (sub-string 1 1 ?s)) (lowcase (sub-string 2 (str-length ?s) ?s))))

(deffunction caesar (?text ?shift)
   (bind ?out "")
   (loop-for-count (?i 1 (str-length ?text)) do
      (bind ?ch (sub-string ?i ?i ?text))
      (bind ?k (str-index (lowcase ?ch) ?*alphabet*))
      (if ?k
       then (bind ?k (+ (mod (+ (- ?k 1) ?shift) 26) 1))
            (bind ?new (sub-string ?k ?k ?*alphabet*))
            (if (eq ?ch (lowcase ?ch)) then (bind ?out (str-cat ?out ?new))
             else (bind ?out (str-cat ?out (upcase ?new))))
       else (bind ?out (str-cat ?out ?ch))))
   ?out)

;;; ---- words

(defrule split
   (declare (salience 10))
   (sentence (id ?id) (text ?t))
   =>
   (bind ?words (explode$ ?t))
   (printout t "sentence " ?id " has " (length$ ?words) " words, "
               (str-length ?t) " characters" crlf)
   (progn$ (?w ?words)
      (assert (word (sentence ?id) (pos ?w-index) (text ?w)))))

(defrule count-new-word
   (declare (salience 5))
   (word (text ?w&:(symbolp ?w)))
   (not (freq (word =(sym-cat (lowcase ?w)))))
   =>
   (assert (freq (word (sym-cat (lowcase ?w))) (n 0))))

(defrule count-word
   (declare (salience 4))
   ?w <- (word (sentence ?s) (pos ?p) (text ?t&:(symbolp ?t)))
   ?f <- (freq (word ?lw&:(eq ?lw (sym-cat (lowcase ?t)))) (n ?n))
   (not (counted ?s ?p))
   =>
   (assert (counted ?s ?p))
   (modify ?f (n (+ ?n 1))))

(defrule numbers-in-text
   (word (sentence ?s) (pos ?p) (text ?n&:(integerp ?n)))
   =>
   (printout t "sentence " ?s " word " ?p " is the number " ?n
               (if (oddp ?n) then " (odd)" else " (even)") crlf))

(defrule palindrome
   (word (sentence ?s) (text ?w&:(symbolp ?w)))
   (test (>= (str-length ?w) 3))
   (test (eq (lowcase (str-cat ?w)) (reverse-string (lowcase (str-cat ?w)))))
   (not (palindrome-seen =(lowcase ?w)))
   =>
   (assert (palindrome-seen (lowcase ?w)))
   (printout t "palindrome: " ?w " (sentence " ?s ")" crlf))

(defrule whole-sentence-palindrome
   (sentence (id ?id) (text ?t))
   =>
   (bind ?letters "")
   (progn$ (?w (explode$ (lowcase ?t)))
      (bind ?letters (str-cat ?letters ?w)))
   (if (eq ?letters (reverse-string ?letters))
    then (printout t "sentence " ?id " reads the same backwards: " ?letters crlf)))

;;; ---- sentences rebuilt

(defrule backwards-and-titled
   (declare (salience -5))
   (sentence (id ?id) (text ?t))
   =>
   (bind ?words (explode$ ?t))
   (bind ?titled (create$))
   (progn$ (?w ?words)
      (bind ?titled (create$ ?titled (sym-cat (capitalize ?w)))))
   (printout t ?id " backwards: " (implode$ (reverse$ ?words)) crlf)
   (printout t ?id " titled: " (implode$ ?titled) crlf)
   (printout t ?id " rot13: " (caesar ?t 13) crlf)
   (printout t ?id " rot13 twice: " (caesar (caesar ?t 13) 13) crlf))

(defrule first-and-last-words
   (declare (salience -5))
   (sentence (id ?id) (text ?t))
   =>
   (bind ?words (explode$ ?t))
   (bind ?first (nth$ 1 ?words))
   (bind ?last (nth$ (length$ ?words) ?words))
   (bind ?at (str-index " " ?t))
   (printout t ?id ": first word " ?first " ends at " (- ?at 1) ", last word " ?last
               ", middle " (implode$ (subseq$ ?words 2 (- (length$ ?words) 1))) crlf))

;;; ---- the most frequent and the longest words

(defrule most-frequent
   (declare (salience -10))
   (freq (word ?w) (n ?n&:(> ?n 1)))
   (not (freq (n ?m&:(> ?m ?n))))
   =>
   (printout t "most frequent: " ?w " (" ?n " times)" crlf))

(defrule longest-word
   (declare (salience -10))
   (word (text ?w&:(symbolp ?w)))
   (not (word (text ?v&:(symbolp ?v)&:(> (str-length ?v) (str-length ?w)))))
   (not (longest-seen ?w))
   =>
   (assert (longest-seen ?w))
   (printout t "longest word: " ?w " (" (str-length ?w) " letters)" crlf))

(defrule alphabetical-first
   (declare (salience -10))
   (freq (word ?w))
   (not (freq (word ?v&:(< (str-compare ?v ?w) 0))))
   =>
   (printout t "alphabetically first: " ?w crlf))
