"""What generates the repository's files (docs, README blocks); run by checker/tools/generate.py."""
