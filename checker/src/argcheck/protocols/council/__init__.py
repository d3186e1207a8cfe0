"""The council protocol: a panel of personas critiques a document (seed 002, the Reasoning Council)."""
