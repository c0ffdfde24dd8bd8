/* relax.h - the linear relaxation of a search node (label/relax.c). */
#ifndef INKA_RELAX_H
#define INKA_RELAX_H

#include <stdbool.h>

#include "inka/prop.h"

/* True when the linear rows of the store (prop_linear) and the current
   domains admit no rational solution, proved by a Farkas certificate
   checked in exact arithmetic; then the node has no solution.  False says
   nothing.  The store is not changed (but for statistics). */
bool lbl_relax_refutes(PropStore *s);

/* At a search node (outside propagation): elimination of the linear
   equalities (op_gauss), which posts what it finds, then the relaxation.
   True when the node has no solution; otherwise the store may hold more
   deductions than before. */
bool lbl_relax_node(PropStore *s);

#endif
