// @shellgate/platform-enums: the platform's enumerations of spec sections 3, 4, 5 and 8, one
// typed module for the shell and the portal apps. Each enumeration is a const object (values
// at run time) and a union type of the same name (values at compile time).
export * from './enumeration.ts';
export * from './states.ts';
export * from './customer.ts';
export * from './portfolio.ts';
export * from './orders.ts';
export * from './suitability.ts';
