// The two server-paged screens that share the list machinery (CONTRACT: Analysis and Samples).
export type ListEntity = 'analysis' | 'samples';
