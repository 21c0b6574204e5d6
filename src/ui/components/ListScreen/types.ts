// The two server-paged screens that share the list machinery: Analysis and Samples.
export type ListEntity = 'analysis' | 'samples';
