;;;; rivers.clp -- the seven rivers of the scramble seed (004)

(deffacts rivers
   (word 1 T h a m e s)
   (word 2 S e i n e)
   (word 3 O r i n o c o)
   (word 4 N i l e)
   (word 5 E u p h r a t e s)
   (word 6 D a r l i n g)
   (word 7 A m a z o n))
