/* lbl_guards.h - the parameter checks at the top of a function
 * (label/guards.c), shared by label/ only. */
#ifndef INKA_LBL_GUARDS_H
#define INKA_LBL_GUARDS_H

#include "inka/ir.h"

/* The negations of the guards at the top of fn's body that every execution
   meeting obj passes (`!(n < 0 || n > 400)`): their number, and a malloc'd
   array of malloc'd IR_LNOT nodes over fn's own conditions in *out (free
   with lbl_entry_guards_free; they live no longer than fn). */
int lbl_entry_guards(const IrFunction *fn, const IrObjective *obj, IrExpr ***out);
void lbl_entry_guards_free(IrExpr **guards, int n);

#endif
